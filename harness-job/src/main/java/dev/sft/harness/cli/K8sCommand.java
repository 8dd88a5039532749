package dev.sft.harness.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code sft k8s}: a SchedulerFailureTest's results on Kubernetes, through the kubeconfig as kubectl uses it. */
@Command(
    name = "k8s",
    mixinStandardHelpOptions = true,
    description = {
        "Reads a SchedulerFailureTest (sft.dev/v1alpha1) through the kubeconfig, as kubectl does: its verdict table "
            + "(status), a wait for its run to end (wait), a copy of its evidence (fetch).",
        "Also a kubectl plugin: with bin/kubectl-sft on the PATH, 'kubectl sft status NAME' runs 'sft k8s status "
            + "NAME'."},
    subcommands = {K8sStatusCommand.class, K8sWaitCommand.class, K8sFetchCommand.class},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
        "0:status: printed; wait: the run Succeeded; fetch: copied",
        "1:wait: the run Failed by a verdict (Failed or Unknown, or Known under strict)",
        "2:bad arguments; wait: the test's spec is invalid (Stalled, InvalidSpec)",
        "3:wait: a harness Job's preflight failed",
        "4:infrastructure: no cluster, no CRD, no permission, no such test, a reader pod that would not run, "
            + "a time-out, or a run that ended without judging (cluster never ready, harness died)"})
public final class K8sCommand implements Runnable {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(), "choose a command: status, wait or fetch");
  }
}
