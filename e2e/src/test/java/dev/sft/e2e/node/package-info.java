/**
 * The simulated node, as the kubelet and the container runtime do it: test code, openly a simulation, never part of
 * the product.
 *
 * <p>{@link dev.sft.e2e.node.Kubelet} runs each pod as a podman container of its real image (host networking with a
 * loopback pod IP of its own, the pod's environment, mounts, user and security settings, probes, restarts, status
 * with termination messages, memory and CPU limits as the container's cgroup limits and an OOM kill reported as
 * {@code OOMKilled}, fsGroup applied to volumes), one {@link dev.sft.e2e.node.PodWorker} per pod. This package is
 * the kubelet's own part (pod workers, status, environment, admission, exec and logs); its subpackages stand in for
 * what the kubelet calls on: the container runtime ({@code runtime}), the volume manager ({@code volumes}), the
 * prober ({@code prober}), and the pod network with the cluster DNS ({@code network}). The API server stand-in answers
 * {@code pods/exec} and {@code pods/log} through {@link dev.sft.e2e.node.PodExec} and {@link dev.sft.e2e.node.PodLogs}.
 * {@link dev.sft.e2e.cluster.Simulator} steps the node together with the controllers.
 *
 * <p>Not simulated (a real cluster does these): scheduling (one node, registered as a Node object, but no nodeName,
 * no affinity, taints, resources or cordons: a cordoned node still runs the pods re-created on it; requests set no cgroup weight, and nothing is evicted under memory pressure), NetworkPolicy (all pods
 * share the host's loopback), Service virtual IPs and port translation (Service names resolve to the ready pods' IPs; a Service whose port
 * differs from its targetPort does not work), per-namespace DNS search paths (all names are written out, globally),
 * Service environment variables (enableServiceLinks), init and sidecar containers (pods of exactly one container),
 * image pulls, projected, downwardAPI and hostPath volumes, config map and secret updates after a pod started, gRPC
 * probes, preStop hooks, and volume size limits.
 *
 * <p>Network namespaces: every pod shares the host's network, so a process that listens on the wildcard address
 * (e.g. Quarkus' default 0.0.0.0:8080) listens on every pod's address and collides with other pods' ports: pods must
 * bind their pod IP (for the controller's Deployment, QUARKUS_HTTP_HOST=$(POD_IP) with POD_IP from status.podIP).
 */
package dev.sft.e2e.node;
