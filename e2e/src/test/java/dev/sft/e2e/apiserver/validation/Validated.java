package dev.sft.e2e.apiserver.validation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * A write the API server accepts: the object to store (defaulted and pruned) and the {@code Warning} header values to
 * answer with ({@code 299 - "unknown field \"spec.foo\""}).
 */
public record Validated(ObjectNode object, List<String> warnings) {
}
