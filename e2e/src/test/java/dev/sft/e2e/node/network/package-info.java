/**
 * The pod network and the cluster DNS: pod IPs from a loopback range ({@link dev.sft.e2e.node.network.PodIpAllocator},
 * in place of a CNI plugin) and one hosts file every pod mounts in place of CoreDNS ({@link
 * dev.sft.e2e.node.network.ClusterDns}). Test code, openly a simulation.
 */
package dev.sft.e2e.node.network;
