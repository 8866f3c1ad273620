//! The text forms a call is written in: argument lists
//! (`i32:-5,f32:1.5,buf:f32*3=1,2,3`), output buffers (`0x4a1000:f32*3`,
//! `SYMBOL:f32*3`), stubs (`NAME=VALUE`) and control words. Errors are
//! sentences, never flag names.

use crate::call::{Arg, Elem, Reg, Scalar};
use crate::report::Ret;
use crate::stub::StubValue;

/// Parses an argument list: comma-separated items `i32:V`, `u32:V`,
/// `f32:V`, `f64:V`, and `buf:T*N=V,V,…` (or `buf:T*N`, zero-filled, or
/// `buf:T=V,…`, counted), T one of i32 u32 f32 f64 u8. Numbers are decimal
/// or `0x` hex; an `f32:` / `f64:` value in `0x` hex gives the bits.
/// The empty list is no arguments.
pub fn parse_args(list: &str) -> Result<Vec<Arg>, String> {
    let mut out: Vec<Arg> = Vec::new();
    let list = list.trim();
    if list.is_empty() {
        return Ok(out);
    }
    // An open buffer takes the bare values that follow it.
    let mut open: Option<(Elem, Option<usize>, Vec<Scalar>)> = None;
    let close = |open: &mut Option<(Elem, Option<usize>, Vec<Scalar>)>,
                 out: &mut Vec<Arg>|
     -> Result<(), String> {
        if let Some((elem, n, values)) = open.take() {
            let values = match n {
                Some(n) if values.is_empty() => vec![zero(elem); n],
                Some(n) if n != values.len() => {
                    return Err(format!(
                        "buffer of {n} × {} has {} values",
                        elem.name(),
                        values.len()
                    ))
                }
                _ => values,
            };
            if values.is_empty() {
                return Err(format!("buffer of {} has no elements", elem.name()));
            }
            out.push(Arg::Buf { elem, values });
        }
        Ok(())
    };
    for item in list.split(',') {
        let item = item.trim();
        if let Some(rest) = item.strip_prefix("buf:") {
            close(&mut open, &mut out)?;
            let (head, first) = match rest.split_once('=') {
                Some((h, v)) => (h, Some(v)),
                None => (rest, None),
            };
            let (ty, n) = match head.split_once('*') {
                Some((t, n)) => {
                    let n: usize = n
                        .trim()
                        .parse()
                        .map_err(|_| format!("'{item}': the count after * is not a number"))?;
                    if n == 0 || n > 1 << 20 {
                        return Err(format!("'{item}': a buffer holds 1 to 1048576 elements"));
                    }
                    (t, Some(n))
                }
                None => (head, None),
            };
            let elem = elem(ty.trim()).ok_or_else(|| {
                format!("'{item}': buffer element type must be i32, u32, f32, f64 or u8")
            })?;
            let mut values = Vec::new();
            if let Some(v) = first {
                values.push(scalar(elem, v.trim()).map_err(|e| format!("'{item}': {e}"))?);
            } else if n.is_none() {
                return Err(format!(
                    "'{item}': give a count (buf:{ty}*N) or values (buf:{ty}=…)"
                ));
            }
            open = Some((elem, n, values));
        } else if let Some((ty, v)) = item.split_once(':') {
            close(&mut open, &mut out)?;
            let e = elem(ty.trim()).filter(|e| *e != Elem::U8).ok_or_else(|| {
                format!("'{item}': an argument is i32:, u32:, f32:, f64: or buf:")
            })?;
            out.push(Arg::Value(
                scalar(e, v.trim()).map_err(|m| format!("'{item}': {m}"))?,
            ));
        } else if let Some((elem, _, values)) = open.as_mut() {
            values.push(scalar(*elem, item).map_err(|m| format!("'{item}': {m}"))?);
        } else {
            return Err(format!(
                "'{item}': an argument is typed, as i32:{item} or f32:{item}"
            ));
        }
    }
    close(&mut open, &mut out)?;
    Ok(out)
}

fn zero(e: Elem) -> Scalar {
    match e {
        Elem::I32 => Scalar::I32(0),
        Elem::U32 => Scalar::U32(0),
        Elem::F32 => Scalar::F32(0.0),
        Elem::F64 => Scalar::F64(0.0),
        Elem::U8 => Scalar::U8(0),
    }
}

/// The element type named `t`.
pub fn elem(t: &str) -> Option<Elem> {
    Some(match t {
        "i32" => Elem::I32,
        "u32" => Elem::U32,
        "f32" => Elem::F32,
        "f64" => Elem::F64,
        "u8" => Elem::U8,
        _ => return None,
    })
}

fn hex(v: &str) -> Option<&str> {
    v.strip_prefix("0x").or_else(|| v.strip_prefix("0X"))
}

/// An integer, decimal or `0x` hex, within `lo..=hi`.
pub fn integer(v: &str, lo: i64, hi: i64) -> Result<i64, String> {
    let (neg, digits) = match v.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, v),
    };
    let mag = match hex(digits) {
        Some(h) => i64::from_str_radix(h, 16),
        None => digits.parse::<i64>(),
    }
    .map_err(|_| format!("'{v}' is not a number"))?;
    let x = if neg { -mag } else { mag };
    if x < lo || x > hi {
        return Err(format!("{v} is outside {lo}..={hi}"));
    }
    Ok(x)
}

/// One value of type `e` from its text.
pub fn scalar(e: Elem, v: &str) -> Result<Scalar, String> {
    Ok(match e {
        Elem::I32 => {
            Scalar::I32(integer(v, i64::from(i32::MIN), i64::from(u32::MAX))? as u32 as i32)
        }
        Elem::U32 => Scalar::U32(integer(v, i64::from(i32::MIN), i64::from(u32::MAX))? as u32),
        Elem::U8 => Scalar::U8(integer(v, -128, 255)? as u8),
        Elem::F32 => match hex(v) {
            Some(h) if h.len() == 8 => Scalar::F32(f32::from_bits(
                u32::from_str_radix(h, 16).map_err(|_| format!("'{v}' is not 8 hex digits"))?,
            )),
            Some(_) => return Err(format!("'{v}': f32 bits are 0x and 8 hex digits")),
            None => Scalar::F32(v.parse().map_err(|_| format!("'{v}' is not a number"))?),
        },
        Elem::F64 => match hex(v) {
            Some(h) if h.len() == 16 => Scalar::F64(f64::from_bits(
                u64::from_str_radix(h, 16).map_err(|_| format!("'{v}' is not 16 hex digits"))?,
            )),
            Some(_) => return Err(format!("'{v}': f64 bits are 0x and 16 hex digits")),
            None => Scalar::F64(v.parse().map_err(|_| format!("'{v}' is not a number"))?),
        },
    })
}

/// A control word: `0x027F`, or decimal.
pub fn control_word(v: &str) -> Result<u16, String> {
    integer(v.trim(), 0, 0xffff)
        .map(|x| x as u16)
        .map_err(|_| format!("'{v}' is not a control word (0x0000..=0xFFFF, e.g. 0x027F)"))
}

/// An output buffer `WHERE:T*N`, WHERE an `0x` address or a symbol (left
/// for the caller to resolve): `(where, elem, count)`.
pub fn out_buf(v: &str) -> Result<(String, Elem, usize), String> {
    let (at, ty) = v.rsplit_once(':').ok_or_else(|| {
        format!("'{v}': an output buffer is ADDRESS:TYPE*COUNT, e.g. 0x4a1000:f32*3")
    })?;
    let (t, n) = ty.split_once('*').unwrap_or((ty, "1"));
    let e =
        elem(t).ok_or_else(|| format!("'{v}': element type must be i32, u32, f32, f64 or u8"))?;
    let n: usize = n
        .parse()
        .ok()
        .filter(|&n| n > 0 && n <= 1 << 20)
        .ok_or_else(|| format!("'{v}': the count is 1 to 1048576"))?;
    Ok((at.to_string(), e, n))
}

/// A stub `NAME[@N]=VALUE`: `(name, value, pops)`. VALUE is an integer
/// (EAX), `edx:eax:V` (a 64-bit value), `st0:f64:V` (pushed on the x87
/// stack; V a number or `0x` + 16 hex digits), or `st0:host-NAME` (a CRT x87
/// model: host-log, host-sqrt, …). `@N` is the bytes of arguments a stdcall
/// import pops (a multiple of 4, up to 1024).
pub fn stub(v: &str) -> Result<(String, StubValue, u16), String> {
    let (n, val) = v.split_once('=').ok_or_else(|| {
        format!("'{v}': a stub is NAME=VALUE, e.g. KERNEL32.dll!GetTickCount=1000")
    })?;
    let n = n.trim();
    let (name, pops) = match n.rsplit_once('@') {
        Some((f, k)) if !k.is_empty() && k.bytes().all(|b| b.is_ascii_digit()) => {
            let pops: u16 = k
                .parse()
                .ok()
                .filter(|&p: &u16| p <= 1024 && p % 4 == 0)
                .ok_or_else(|| {
                    format!(
                        "'{v}': @{k} is not a stdcall argument size (a multiple of 4, up to 1024)"
                    )
                })?;
            (f, pops)
        }
        _ => (n, 0),
    };
    let val = val.trim();
    let value = if let Some(x) = val.strip_prefix("edx:eax:") {
        let mag = match hex(x) {
            Some(h) => u64::from_str_radix(h, 16).ok(),
            None => x
                .parse::<u64>()
                .ok()
                .or_else(|| x.parse::<i64>().ok().map(|i| i as u64)),
        };
        StubValue::EdxEax(mag.ok_or_else(|| format!("'{v}': '{x}' is not a 64-bit integer"))?)
    } else if let Some(x) = val.strip_prefix("st0:") {
        if let Some(f) = x.strip_prefix("f64:") {
            match scalar(Elem::F64, f.trim()) {
                Ok(Scalar::F64(d)) => StubValue::St0(crate::fpu::F80::from_f64(d)),
                Ok(_) => unreachable!("scalar(F64) gives an F64"),
                Err(e) => return Err(format!("'{v}': {e}")),
            }
        } else {
            StubValue::Crt(crate::crt::Crt::by_name(x.trim()).ok_or_else(|| {
                format!(
                    "'{v}': an ST(0) value is st0:f64:V or a built-in x87 model ({})",
                    crate::crt::Crt::names().join(", ")
                )
            })?)
        }
    } else if val.starts_with("f32:") || val.starts_with("f64:") || val.contains('.') {
        return Err(format!(
            "'{v}': a float result is returned in ST(0): write it st0:f64:{}",
            val.trim_start_matches("f32:").trim_start_matches("f64:")
        ));
    } else {
        StubValue::Eax(
            integer(val, i64::from(i32::MIN), i64::from(u32::MAX))
                .map_err(|e| format!("'{v}': {e}"))? as u32,
        )
    };
    Ok((name.to_string(), value, pops))
}

/// What a call returns: `eax`, `edx:eax`, `st0`, `f32`, `f64` or
/// `reg:NAME` (any general register after the return).
pub fn ret(v: &str) -> Result<Ret, String> {
    Ok(match v.trim() {
        "eax" => Ret::Eax,
        "edx:eax" => Ret::EdxEax,
        "st0" => Ret::St0,
        "f32" => Ret::F32,
        "f64" => Ret::F64,
        other => match other.strip_prefix("reg:").map(Reg::parse) {
            Some(Some(r)) => Ret::Reg(r),
            _ => {
                return Err(format!(
                    "'{v}': a result is eax, edx:eax, st0, f32, f64 or reg:NAME (eax ebx ecx edx esi edi ebp esp)"
                ))
            }
        },
    })
}

/// A register given before the call, `REG=VALUE`: VALUE `u32:V`, `i32:V`,
/// a bare integer, or one buffer in the argument syntax (`buf:u32*625`).
/// ESP is the stack's and is refused.
pub fn reg(v: &str) -> Result<(Reg, Arg), String> {
    let (r, val) = v.split_once('=').ok_or_else(|| {
        format!("'{v}': a register is REG=VALUE, e.g. eax=u32:12345 or esi=buf:u32*625")
    })?;
    let reg = match Reg::parse(r) {
        Some(Reg::Esp) => {
            return Err(format!(
                "'{v}': esp is the stack pointer the call sets up; it cannot be given"
            ))
        }
        Some(reg) => reg,
        None => {
            return Err(format!(
                "'{v}': '{}' is not a general register (eax ebx ecx edx esi edi ebp)",
                r.trim()
            ))
        }
    };
    let val = val.trim();
    let arg = if val.contains(':') {
        let mut list = parse_args(val).map_err(|e| format!("'{v}': {e}"))?;
        match (list.pop(), list.is_empty()) {
            (Some(a @ (Arg::Buf { .. } | Arg::Value(Scalar::I32(_) | Scalar::U32(_)))), true) => a,
            _ => {
                return Err(format!(
                "'{v}': a register holds one 32-bit integer (u32:V, i32:V) or one buffer (buf:…)"
            ))
            }
        }
    } else {
        Arg::Value(Scalar::U32(
            integer(val, i64::from(i32::MIN), i64::from(u32::MAX))
                .map_err(|e| format!("'{v}': {e}"))? as u32,
        ))
    };
    Ok((reg, arg))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_parse() {
        let a =
            parse_args("i32:-5, u32:0x10,f32:1.5,buf:f32*3=1,2,3,f64:0x3ff0000000000000").unwrap();
        assert_eq!(
            a,
            vec![
                Arg::Value(Scalar::I32(-5)),
                Arg::Value(Scalar::U32(16)),
                Arg::Value(Scalar::F32(1.5)),
                Arg::Buf {
                    elem: Elem::F32,
                    values: vec![Scalar::F32(1.0), Scalar::F32(2.0), Scalar::F32(3.0)]
                },
                Arg::Value(Scalar::F64(1.0)),
            ]
        );
        assert_eq!(
            parse_args("buf:u8*2").unwrap(),
            vec![Arg::Buf {
                elem: Elem::U8,
                values: vec![Scalar::U8(0); 2]
            }]
        );
        assert_eq!(parse_args("").unwrap(), vec![]);
        assert_eq!(
            parse_args("f32:0x3f800000").unwrap(),
            vec![Arg::Value(Scalar::F32(1.0))]
        );
    }

    #[test]
    fn bad_lists_say_why() {
        for bad in [
            "5",
            "i32:x",
            "i32:99999999999",
            "buf:f32*3=1,2",
            "buf:f16=1",
            "buf:f32",
            "buf:f32*0",
            "q32:1",
            "f32:0x3f80",
            "u8:1",
            "buf:f32*3=1,2,3,4",
        ] {
            assert!(parse_args(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn other_forms() {
        assert_eq!(control_word("0x027F"), Ok(0x027f));
        assert!(control_word("0x10000").is_err());
        assert_eq!(
            out_buf("0x4a1000:f32*3"),
            Ok(("0x4a1000".into(), Elem::F32, 3))
        );
        assert_eq!(
            stub("KERNEL32.dll!GetTickCount=1000"),
            Ok(("KERNEL32.dll!GetTickCount".into(), StubValue::Eax(1000), 0))
        );
        assert_eq!(
            stub("KERNEL32.dll!Sleep@4=0"),
            Ok(("KERNEL32.dll!Sleep".into(), StubValue::Eax(0), 4))
        );
        assert_eq!(
            stub("f=st0:f64:0.5"),
            Ok((
                "f".into(),
                StubValue::St0(crate::fpu::F80::from_f64(0.5)),
                0
            ))
        );
        assert_eq!(
            stub("f=edx:eax:0x100000002"),
            Ok(("f".into(), StubValue::EdxEax(0x1_0000_0002), 0))
        );
        assert_eq!(
            stub("MSVCR90.dll!_CIlog=st0:host-log"),
            Ok((
                "MSVCR90.dll!_CIlog".into(),
                StubValue::Crt(crate::crt::Crt::Log),
                0
            ))
        );
        for bad in [
            "x",
            "f=0.5",
            "f=f32:1",
            "f@3=1",
            "f=st0:host-nope",
            "f=edx:eax:x",
        ] {
            assert!(stub(bad).is_err(), "{bad}");
        }
        assert_eq!(ret("reg:esi"), Ok(Ret::Reg(Reg::Esi)));
        assert!(ret("reg:xmm0").is_err());
        assert_eq!(
            reg("ESI=buf:u32*2"),
            Ok((
                Reg::Esi,
                Arg::Buf {
                    elem: Elem::U32,
                    values: vec![Scalar::U32(0); 2]
                }
            ))
        );
        assert_eq!(
            reg("eax=-1"),
            Ok((Reg::Eax, Arg::Value(Scalar::U32(u32::MAX))))
        );
        assert_eq!(reg("eax=u32:5"), Ok((Reg::Eax, Arg::Value(Scalar::U32(5)))));
        for bad in [
            "esp=1",
            "xmm0=1",
            "eax",
            "eax=f32:1",
            "eax=u32:1,u32:2",
            "eax=x",
        ] {
            assert!(reg(bad).is_err(), "{bad}");
        }
    }
}
