package dev.sft.e2e.suite;

/** Placeholder until the stand-in and simulator branches land (coordinator). */
final class SimulatedKubernetes {
  private SimulatedKubernetes() {}

  static TestKubernetes start(E2eSettings settings) {
    throw new IllegalStateException("not wired yet");
  }
}
