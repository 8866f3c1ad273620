//! .NET's seeded `System.Random` (SPEC 15): its calls, 232-byte states and
//! their identification.

use crate::bx_status;
use crate::handle::with_mut;
use crate::surface::dotnet::bx_dotnet_rng;

/// `Next(max)`: `(int)(Sample() * max)`. 1 draw. A negative `max` (where
/// .NET throws) returns -1 and draws nothing. (-1 for a NULL handle.)
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_dotnet_next_max(rng: *mut bx_dotnet_rng, max: i32) -> i32 {
    // SAFETY: `rng` is NULL or a live, unshared handle (contract).
    unsafe { with_mut(rng, -1, |r| r.next_max(max).unwrap_or(-1)) }
}

/// `Next(min, max)`: in min..max (min when equal); 1 draw, 2 when max - min
/// exceeds 2147483647. `min > max` (where .NET throws) returns `BX_BAD_ARGUMENT`
/// and draws nothing; `BX_NULL_POINTER` for a NULL handle or `out`.
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile;
/// `out` is NULL or valid for writing an int32_t.
#[no_mangle]
pub unsafe extern "C" fn bx_dotnet_next_range(
    rng: *mut bx_dotnet_rng,
    min: i32,
    max: i32,
    out: *mut i32,
) -> bx_status {
    if out.is_null() {
        return crate::BX_NULL_POINTER;
    }
    // SAFETY: `rng` is NULL or a live, unshared handle (contract).
    let v = unsafe {
        with_mut(rng, Err(crate::BX_NULL_POINTER), |r| {
            r.next_range(min, max).ok_or(crate::BX_BAD_ARGUMENT)
        })
    };
    match v {
        Ok(v) => {
            // SAFETY: `out` is non-NULL and writable for an int32_t (contract).
            unsafe { out.write_unaligned(v) };
            crate::BX_OK
        }
        Err(s) => s,
    }
}

/// `NextDouble()`: `Sample()`, the draw times 1 / 2147483647 in double.
/// 1 draw. (0.0 for a NULL handle.)
///
/// # Safety
///
/// `rng` is NULL or a live handle not used by another thread meanwhile.
#[no_mangle]
pub unsafe extern "C" fn bx_dotnet_next_double(rng: *mut bx_dotnet_rng) -> f64 {
    // SAFETY: `rng` is NULL or a live, unshared handle (contract).
    unsafe { with_mut(rng, 0.0, |r| r.next_double()) }
}
