//! `bitexact recover` for the rest of the C&C family (SPEC 11): WWLib's
//! RandomClass, Random3Class and Random4Class, OpenRA and Generals. The
//! taps are parsed as `stream` parses them; the per-seed work is
//! `bitexact::recover::{wwlib, openra, generals}`.

use crate::cli::{RecoverCommon, WwClass};
use crate::recover::{parse_double_value, recover_error, report, run_search, seed_range, values};
use crate::{num, Failure, Outcome};
use bitexact::recover::{generals, openra, wwlib};
use bitexact::stream::{taps, GeneralsTap, OpenraTap, WwTap};
use bitexact::westwood::{Random3, Random4, RandomLcg};
use std::io::Write;

const SPACE: u64 = 1 << 32;

fn offset(args: &RecoverCommon) -> u64 {
    args.max_offset.unwrap_or(0)
}

fn max_hits(args: &RecoverCommon) -> Outcome {
    if args.max_hits == 0 {
        return Err(Failure::usage("--max-hits 0: expected at least 1"));
    }
    Ok(())
}

/// Seeds per chunk for a per-seed cost of about `ns` nanoseconds.
fn per_chunk(ns: u64, args: &RecoverCommon) -> u64 {
    ((1u64 << 20) / ns.max(1) / (offset(args) + 1)).max(64)
}

pub fn wwlib(
    class: WwClass,
    args: &RecoverCommon,
    range: Option<&str>,
    out: &mut impl Write,
) -> Outcome {
    max_hits(args)?;
    let tap_text = args.tap.as_deref().unwrap_or("raw");
    let tap = taps::ww_tap(tap_text, class == WwClass::Random4).map_err(Failure::Usage)?;
    let vals: Vec<u32> = match tap {
        WwTap::Raw | WwTap::Ranged(..) => values(args, |v| num::parse_i32(v).map(|x| x as u32))?,
        WwTap::Double => values(args, |v| parse_double_value(v).map(|x| x as u32))?,
        WwTap::Float => values(args, |v| num::parse_f32(v).map(f32::to_bits))?,
    };
    let seeds = seed_range(range, SPACE)?;
    fn lib_tap<G: wwlib::Class>(tap: WwTap) -> Result<wwlib::Tap<G>, Failure> {
        match tap {
            WwTap::Raw => Ok(wwlib::Tap::Raw),
            WwTap::Ranged(lo, hi) => wwlib::Tap::ranged(lo, hi).map_err(recover_error),
            WwTap::Double => Ok(wwlib::Tap::double()),
            WwTap::Float => wwlib::Tap::float().map_err(recover_error),
        }
    }
    macro_rules! go {
        ($g:ty, $label:expr, $ns:expr) => {{
            let s = wwlib::Search::<$g>::new(lib_tap::<$g>(tap)?, vals, offset(args))
                .map_err(recover_error)?;
            let outcome = run_search(
                args,
                $label,
                per_chunk($ns, args),
                seeds,
                |r| s.search(r),
                out,
            )?;
            report(args, range, out, &outcome, SPACE, None)
        }};
    }
    match class {
        WwClass::Random => go!(RandomLcg, "recover westwood --class random", 2),
        WwClass::Random3 => go!(Random3, "recover westwood --class random3", 4),
        WwClass::Random4 => go!(Random4, "recover westwood --class random4", 4),
        WwClass::Random2 => unreachable!("Random2Class has its own search"),
    }
}

pub fn openra(args: &RecoverCommon, range: Option<&str>, out: &mut impl Write) -> Outcome {
    max_hits(args)?;
    let tap = taps::openra_tap(args.tap.as_deref().unwrap_or("next")).map_err(Failure::Usage)?;
    if tap != OpenraTap::Next {
        return Err(Failure::usage(
            "--tap: only next can be recovered from (Next(low, high) and NextFloat keep too little of each word)",
        ));
    }
    let vals = values(args, num::parse_i32)?;
    let seeds = seed_range(range, SPACE)?;
    let s = openra::Search::new(vals, offset(args)).map_err(recover_error)?;
    let outcome = run_search(args, "recover openra", 1 << 16, seeds, |r| s.search(r), out)?;
    report(args, range, out, &outcome, SPACE, None)
}

pub fn generals(args: &RecoverCommon, range: Option<&str>, out: &mut impl Write) -> Outcome {
    max_hits(args)?;
    let tap = taps::generals_tap(args.tap.as_deref().unwrap_or("raw")).map_err(Failure::Usage)?;
    let (lib_tap, vals) = match tap {
        GeneralsTap::Raw => (generals::Tap::Raw, values(args, num::parse_u32)?),
        GeneralsTap::Value(lo, hi) => (
            generals::Tap::value(lo, hi).map_err(recover_error)?,
            values(args, |v| num::parse_i32(v).map(|x| x as u32))?,
        ),
        GeneralsTap::Real(lo, hi) => (
            generals::Tap::real(lo, hi).map_err(recover_error)?,
            values(args, |v| num::parse_f32(v).map(f32::to_bits))?,
        ),
    };
    let seeds = seed_range(range, SPACE)?;
    let s = generals::Search::new(lib_tap, vals, offset(args)).map_err(recover_error)?;
    let outcome = run_search(
        args,
        "recover generals",
        per_chunk(3, args),
        seeds,
        |r| s.search(r),
        out,
    )?;
    report(args, range, out, &outcome, SPACE, None)
}
