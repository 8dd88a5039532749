/**
 * The kubelet's prober: one probe run once against a pod ({@link dev.sft.e2e.node.prober.Prober}) and one probe's
 * schedule and thresholds over a container's run ({@link dev.sft.e2e.node.prober.ProbeTracker}). Test code, openly a
 * simulation.
 */
package dev.sft.e2e.node.prober;
