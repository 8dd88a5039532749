/**
 * The simulated node's container runtime (CRI-O or containerd on a real node): podman, as {@link
 * dev.sft.e2e.node.runtime.Podman} runs it, with the {@code podman run} arguments of one pod container ({@link
 * dev.sft.e2e.node.runtime.PodmanRunArgs}, its {@code $(VAR)} expansion and bind mounts), the container's state as
 * podman reports it, and the OOM kills the runtime tells the kubelet about ({@link
 * dev.sft.e2e.node.runtime.OomWatcher}). Test code, openly a simulation.
 */
package dev.sft.e2e.node.runtime;
