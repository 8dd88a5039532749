/**
 * {@code pods/exec} as kube-apiserver streams it to the kubelet: the channel protocol over a WebSocket ({@link
 * dev.sft.e2e.apiserver.exec.ExecSession}) and the backends that run the command ({@link
 * dev.sft.e2e.apiserver.exec.ExecBackend}: podman exec on the simulated node, a local process in tests). Test code,
 * openly a stand-in.
 */
package dev.sft.e2e.apiserver.exec;
