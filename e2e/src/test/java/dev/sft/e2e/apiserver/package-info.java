/**
 * A Kubernetes API server for the e2e suite, as kube-apiserver (test code; e2e/STAND-IN.md says what it does and does
 * not do): {@link dev.sft.e2e.apiserver.ApiServerStandIn} puts together the HTTP front ({@code front}), the store
 * ({@code store}), pods/exec ({@code exec}), authentication and RBAC ({@code auth}) and request validation ({@code
 * validation}); {@link dev.sft.e2e.apiserver.CrudMock} is fabric8's stock mock with the same pod admission, for the
 * simulator's tests. The tests here drive the stand-in with the real kubectl, helm and fabric8 client.
 */
package dev.sft.e2e.apiserver;
