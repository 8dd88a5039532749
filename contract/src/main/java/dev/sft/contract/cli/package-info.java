/**
 * The conventions both command lines keep, {@code sft} (harness-job) and {@code sft k8s} (k8s-cli): a usage error as
 * one line and a pointer to {@code --help}, an unknown argument as a usage error even beside {@code --help}, each
 * command's exit codes from the contract's enums, and every duration option read by FlagDuration's one syntax. Picocli is provided: both CLIs bring
 * it, the controller never loads these classes.
 */
package dev.sft.contract.cli;
