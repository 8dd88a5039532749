package dev.sft.e2e.controllers;

import io.fabric8.kubernetes.client.KubernetesClientException;

/** The API server's own words for a failed request, as a Go client's error prints them. */
final class ApiErrors {
  private ApiErrors() {}

  static String message(KubernetesClientException e) {
    return e.getStatus() != null && e.getStatus().getMessage() != null ? e.getStatus().getMessage() : e.getMessage();
  }
}
