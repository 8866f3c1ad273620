//! The text forms a call is written in: argument lists
//! (`i32:-5,f32:1.5,buf:f32*3=1,2,3`), output buffers (`0x4a1000:f32*3`,
//! `SYMBOL:f32*3`), stubs (`NAME=VALUE`) and control words. Errors are
//! sentences, never flag names.

use crate::call::{Arg, Elem, Scalar};

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

/// A stub `NAME=VALUE`: `(name, value)`; VALUE as an i32 or u32.
pub fn stub(v: &str) -> Result<(String, u32), String> {
    let (n, val) = v.split_once('=').ok_or_else(|| {
        format!("'{v}': a stub is NAME=VALUE, e.g. KERNEL32.dll!GetTickCount=1000")
    })?;
    let x = integer(val.trim(), i64::from(i32::MIN), i64::from(u32::MAX))
        .map_err(|e| format!("'{v}': {e}"))?;
    Ok((n.trim().to_string(), x as u32))
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
            Ok(("KERNEL32.dll!GetTickCount".into(), 1000))
        );
        assert!(stub("x").is_err());
    }
}
