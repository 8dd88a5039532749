package dev.sft.k8s.cli;

import dev.sft.contract.cli.ExitCodeSection;
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
    subcommands = {K8sStatusCommand.class, K8sWaitCommand.class, K8sFetchCommand.class})
public final class K8sCommand implements Runnable, ExitCodeSection.Documented {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Override
  public ExitCodeSection exitCodes() {
    return ExitCodeSection.run(ExitCodeSection.COMMAND_GROUP);
  }

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(), "choose a command: status, wait or fetch");
  }
}
