package dev.sft.controller.support;

import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Runs a {@code @QuarkusTest} class against {@link StrictKubernetesServer}, a fresh one per class (as
 * {@code @WithKubernetesTestServer} did), so no class sees another's objects, Events or metrics.
 */
@WithTestResource(value = StrictKubernetesServer.class, scope = TestResourceScope.RESTRICTED_TO_CLASS)
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface WithStrictKubernetesServer {}
