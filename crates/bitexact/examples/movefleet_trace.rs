//! Writes the example MoveFleet traces under `examples/` (x86_64 only):
//!
//! - `movefleet.jsonl` — "the original": 45 calls shaped like seed 003's
//!   recapture (six waypointless fleets taking the early out, three fleets
//!   moving straight legs, one arriving), with every `pos_after` computed by
//!   **this machine's x87 unit** running the original instruction sequence
//!   (`bitexact::x87::hw::leg`, pc53), not by the library's model;
//! - `movefleet-ours.jsonl` — the same calls as a reimplementation with the
//!   pre-fix double model would record them.
//!
//! `cargo run --example movefleet_trace -- examples` regenerates both.

#[cfg(target_arch = "x86_64")]
fn main() {
    use bitexact::sots::movefleet::leg_double;
    use bitexact::sots::Vec3;
    use bitexact::x87::{hw, Precision};
    use std::fmt::Write as _;

    let dir = std::env::args().nth(1).unwrap_or_else(|| "examples".into());
    // A small fixed LCG: the layout of the example, nothing more.
    let mut state = 0x5eed_0003_u64;
    let mut next = move || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 40) as u32
    };
    let mut coord = |scale: f32| (next() % 20_000) as f32 / 20_000.0 * scale - scale / 2.0;

    struct Fleet {
        pos: [f32; 3],
        dest: Option<[f32; 3]>,
        speed: f32,
    }
    let mut fleets: Vec<Fleet> = Vec::new();
    for i in 0..9 {
        let pos = [coord(40.0), coord(40.0), coord(4.0)];
        let dest = (i >= 6).then(|| [coord(40.0), coord(40.0), coord(4.0)]);
        fleets.push(Fleet {
            pos,
            dest,
            speed: [1.5, 2.0, 2.5][i % 3],
        });
    }
    // The third moving fleet heads for a close destination: it arrives.
    fleets[8].dest = Some([
        fleets[8].pos[0] + 3.0,
        fleets[8].pos[1] - 4.0,
        fleets[8].pos[2],
    ]);

    let num = |x: f32| format!("{x:?}");
    let v = |a: [f32; 3]| format!("[{}, {}, {}]", num(a[0]), num(a[1]), num(a[2]));
    let (mut original, mut ours) = (String::new(), String::new());
    let (mut moving, mut divergent) = (0, 0);
    let mut call_id = 0;
    for _turn in 0..5 {
        for f in fleets.iter_mut() {
            call_id += 1;
            let Some(dest) = f.dest else {
                let line = format!(
                    r#"{{"call_id": {call_id}, "pos": {}, "pos_after": {}}}"#,
                    v(f.pos),
                    v(f.pos)
                );
                writeln!(original, "{line}").unwrap();
                writeln!(ours, "{line}").unwrap();
                continue;
            };
            moving += 1;
            // The game moves min(speed, distance): equal to the distance on arrival.
            let d = [dest[0] - f.pos[0], dest[1] - f.pos[1], dest[2] - f.pos[2]];
            let dist = hw::normalize(d, Precision::Pc53).1;
            let mv = if dist <= f.speed { dist } else { f.speed };
            let after = hw::leg(f.pos, dest, mv, Precision::Pc53);
            let mine = leg_double(Vec3::from_array(f.pos), Vec3::from_array(dest), mv).to_array();
            if after.map(f32::to_bits) != mine.map(f32::to_bits) {
                divergent += 1;
            }
            let head = format!(
                r#""call_id": {call_id}, "pos": {}, "dest": {}, "move": {}"#,
                v(f.pos),
                v(dest),
                num(mv)
            );
            writeln!(original, "{{{head}, \"pos_after\": {}}}", v(after)).unwrap();
            writeln!(ours, "{{{head}, \"pos_after\": {}}}", v(mine)).unwrap();
            f.pos = after;
            if after.map(f32::to_bits) == dest.map(f32::to_bits) {
                f.dest = None;
            }
        }
    }
    std::fs::write(format!("{dir}/movefleet.jsonl"), original).unwrap();
    std::fs::write(format!("{dir}/movefleet-ours.jsonl"), ours).unwrap();
    eprintln!("{call_id} calls, {moving} moving, {divergent} where the double model diverges");
}

#[cfg(not(target_arch = "x86_64"))]
fn main() {
    eprintln!("this example needs the x87 unit of an x86_64 machine");
}
