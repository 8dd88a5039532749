package dev.sft.controller.reconcile;

import dev.sft.controller.status.StatusLedger;

/**
 * One step of a test's state machine ({@code status.step}, or the start of a run while none is in progress): it
 * reads the status and the cluster, writes the status before any create or delete it makes (write-ahead), and says
 * whether the next step may follow at once. A step keeps nothing between calls, so a new instance (a restarted
 * controller) over a status written by an earlier one carries on from that status.
 */
interface RunStep {
  Next advance(StatusLedger ledger);
}
