/**
 * A simulated single-node cluster: {@link dev.sft.e2e.cluster.Simulator} steps the controllers of {@code
 * dev.sft.e2e.controllers} and the node of {@code dev.sft.e2e.node} against any API server (the project's stand-in,
 * or fabric8's CRUD mock in the {@code *OnSimulatorIT} tests here). Test code, openly a simulation.
 */
package dev.sft.e2e.cluster;
