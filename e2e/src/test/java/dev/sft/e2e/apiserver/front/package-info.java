/**
 * kube-apiserver's HTTP front: TLS, routing ({@link dev.sft.e2e.apiserver.front.HttpFront}), discovery and OpenAPI
 * documents, watches served as streams or WebSockets, the service proxy and the protobuf Secrets helm sends. Test
 * code, openly a stand-in.
 */
package dev.sft.e2e.apiserver.front;
