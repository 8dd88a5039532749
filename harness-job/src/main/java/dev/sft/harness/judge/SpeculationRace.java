package dev.sft.harness.judge;

import dev.sft.harness.evidence.AttemptMarker;


/** The two attempts of the speculation target partition that reached handoff. */
public record SpeculationRace(AttemptMarker original, AttemptMarker speculative) {}
