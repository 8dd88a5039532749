/**
 * kube-apiserver's registry over etcd: the stored objects ({@link dev.sft.e2e.apiserver.store.StandInStore}, fabric8's
 * CRUD mock underneath), updates and patches as the API server applies them, the change log watches read ({@link
 * dev.sft.e2e.apiserver.store.WatchHub}), the pods' eviction subresource against disruption budgets ({@link
 * dev.sft.e2e.apiserver.store.PodEviction}), the resources served and the Status bodies of refusals. Test code, openly
 * a stand-in.
 */
package dev.sft.e2e.apiserver.store;
