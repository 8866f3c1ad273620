//! Tiberian Sun / Red Alert 2 / Yuri's Revenge randomizer (SPEC 4, seed 002).
//! Work in progress.
