/**
 * The kubelet's volume manager: a pod's volumes as host folders ({@link dev.sft.e2e.node.volumes.PodVolumes}) and
 * its fsGroup applied to them as the kubelet applies it ({@link dev.sft.e2e.node.volumes.VolumeOwnership}). Test
 * code, openly a simulation.
 */
package dev.sft.e2e.node.volumes;
