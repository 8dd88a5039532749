package dev.sft.controller.reconcile;

import java.time.Duration;

/** What to do after a transition: go on in this reconciliation, or stop and look again later (or on an event). */
record Next(boolean proceed, Duration after) {
  static final Next CONTINUE = new Next(true, null);
  static final Next IDLE = new Next(false, null);

  static Next waitFor(Duration duration) {
    return new Next(false, duration);
  }
}
