/** The simulated node's storage backend: host folders standing in for provisioned volumes. */
package dev.sft.e2e.storage;
