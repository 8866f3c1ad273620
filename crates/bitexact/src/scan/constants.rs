//! The constants of SPEC 10's signatures, and the tests of a constant the
//! matcher ([`super::signature`]) and the data scan share.

/// MT19937's tempering masks (`(y << 7) & B`, `(y << 15) & C`).
pub const TEMPER_B: u32 = 0x9d2c_5680;
/// The second tempering mask.
pub const TEMPER_C: u32 = 0xefc6_0000;
/// The tempering masks as MSVC applies them, before the shift and with
/// the bits the shift discards set: `(y & 0xff3a58ad) << 7 == (y << 7) &
/// B`, `(y & 0xffffdf8c) << 15 == (y << 15) & C` (SPEC 10.1).
pub const TEMPER_MSVC: [u32; 2] = [0xff3a_58ad, 0xffff_df8c];
/// MT19937's twist matrix.
pub const MATRIX_A: u32 = 0x9908_b0df;
/// Knuth's initialisation multiplier (1812433253).
pub const KNUTH: u32 = 0x6c07_8965;
/// `init_by_array`'s two multipliers (1664525, 1566083941).
pub const BY_ARRAY: [u32; 2] = [0x0019_660d, 0x5d58_8b65];
/// The 1998 seeding multiplier.
pub const K1998: u32 = 69069;
/// WWLib `RandomClass`.
pub const WWLIB_MUL: u32 = 0x41c6_4e6d;
/// WWLib `RandomClass`'s increment.
pub const WWLIB_ADD: u32 = 0x3039;
/// MSVC `rand`.
pub const MSVC_MUL: u32 = 0x0003_43fd;
/// MSVC `rand`'s increment.
pub const MSVC_ADD: u32 = 0x0026_9ec3;
/// Westwood's pseudo-DES mix constants (`Random3Class`).
pub const PSDES: [u32; 8] = [
    0xbaa9_6887,
    0x1e17_d32c,
    0x03bc_dc3c,
    0x0f33_d1b2,
    0x4b0f_3b58,
    0xe874_f0c3,
    0x6955_c5a6,
    0x55a7_ca46,
];
/// splitmix64's increment and finaliser multipliers (laige's seeding).
pub const SPLITMIX: [u64; 3] = [
    0x9e37_79b9_7f4a_7c15,
    0xbf58_476d_1ce4_e5b9,
    0x94d0_49bb_1331_11eb,
];
/// Mars' unit scale (SPEC 2.2), the seed's literal, and 2^-32, as doubles.
pub const UNIT_SCALES: [(u64, &str); 3] = [
    (0x3df0_0000_0010_0000, "0x3df0000000100000"),
    (
        0x3df0_0000_0000_1000,
        "0x3df0000000001000 (the Mars RNG notes' literal)",
    ),
    (0x3df0_0000_0000_0000, "2^-32"),
];

/// The 53-bit double's constants (`mt19937.res53`, SPEC 10.1): `a *
/// 67108864.0 + b` scaled by `2^-53` (or divided by `2^53`), as doubles.
pub const RES53: [(u64, &str); 3] = [
    (0x4190_0000_0000_0000, "* 67108864.0"),
    (0x3ca0_0000_0000_0000, "* 2^-53"),
    (0x4340_0000_0000_0000, "/ 9007199254740992.0"),
];

/// Whether `d` is the twist's word offset `M = 397` or `M − N = −227`
/// (or 227) exactly, as words, as bytes of 32-bit words, or as bytes of
/// 64-bit ones (`unsigned long` state on LP64). Exactly: a twist of 396
/// is not MT19937's (SPEC 10.1); code that counts from `k + 1` shows the
/// offset between its two memory operands instead (`[p + 4k + 0x630]`
/// against `[p + 4k - 4]`, [`super::signature`]'s `apart`).
pub(crate) fn twist_offset(d: i64) -> bool {
    [397i64, 227, -227]
        .iter()
        .any(|&m| d == m || d == 4 * m || d == 8 * m)
}

/// Whether `m` is a tempering mask in any of its forms: `B` or `C`, or a
/// mask that is `B` after `<< 7` or `C` after `<< 15` (the bits the shift
/// discards are free: MSVC sets them).
pub(crate) fn temper_mask(m: u32) -> bool {
    m == TEMPER_B || m == TEMPER_C || m << 7 == TEMPER_B || m << 15 == TEMPER_C
}

/// Whether `c` is one of the 32-bit constants a signature looks for.
pub(crate) fn is_known32(c: u32) -> bool {
    matches!(
        c,
        MATRIX_A | KNUTH | WWLIB_MUL | MSVC_MUL | 0x8000_0000 | 0x7fff_ffff
    ) || temper_mask(c)
        || PSDES.contains(&c)
        || BY_ARRAY.contains(&c)
}
