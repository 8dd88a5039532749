/** What every simulated component reads objects with: label selectors, owner references, pod phases, timestamps. */
package dev.sft.e2e.apimachinery;
