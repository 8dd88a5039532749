package dev.sft.controller.crd;

import dev.sft.api.SpecDefaults;
import io.fabric8.crdv2.generator.CRDPostProcessor;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinitionVersion;
import io.fabric8.kubernetes.api.model.apiextensions.v1.JSONSchemaProps;
import io.fabric8.kubernetes.api.model.apiextensions.v1.JSONSchemaPropsBuilder;

/**
 * Declares {@code metadata.name} in the generated CRD's root schema with {@code maxLength}
 * {@link SpecDefaults#MAX_NAME_LENGTH} (the generator never emits {@code metadata}; Kubernetes allows a root schema
 * to restrict {@code metadata.name} and {@code generateName}, nothing else). Why: the API server estimates a CEL
 * rule's cost from the longest value the schema admits, and an undeclared {@code metadata.name} is as long as a request
 * (about 3 MiB), so the name rule's regex was estimated at millions of cost units; bounded to 45 characters it costs
 * a few hundred. Run by the operator SDK's CRD generation ({@code quarkus.operator-sdk.crd.post-processor}).
 */
public class BoundedNameSchema implements CRDPostProcessor {

  @Override
  public HasMetadata process(HasMetadata crd, String crdSpecVersion) {
    if (crd instanceof CustomResourceDefinition definition) {
      for (CustomResourceDefinitionVersion version : definition.getSpec().getVersions()) {
        JSONSchemaProps root = version.getSchema().getOpenAPIV3Schema();
        // both declared as strings, so that the API server takes this schema as the one its CEL rules see
        root.getProperties().put("metadata", new JSONSchemaPropsBuilder().withType("object")
            .addToProperties("name", new JSONSchemaPropsBuilder().withType("string")
                .withMaxLength((long) SpecDefaults.MAX_NAME_LENGTH).build())
            .addToProperties("generateName", new JSONSchemaPropsBuilder().withType("string").build())
            .build());
      }
    }
    return crd;
  }
}
