/**
 * Schema stand-ins: classes the CRD generator reads ({@code @SchemaFrom}) in place of a fabric8 model type, so the
 * CRD bounds what the fabric8 type leaves unbounded, or leaves out what sft cannot honour. The Java fields keep the
 * fabric8 types; nothing instantiates these.
 */
package dev.sft.api.schema;
