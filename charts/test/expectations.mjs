// One named check after another, each printed as ok or FAIL, and the tally that ends a script: shared by the
// chart's expectations (expect.mjs) and the Argo CD checks (argocd.mjs).
let passed = 0;
let failed = 0;

export function expect(what, ok, detail = "") {
  if (ok) {
    passed++;
    console.log(`ok   ${what}`);
  } else {
    failed++;
    console.error(`FAIL ${what}${detail ? `\n       ${detail}` : ""}`);
  }
}

/** Prints "<label>: N passed, M failed" and exits 0 only when none failed. */
export function finish(label) {
  console.log(`${label}: ${passed} passed, ${failed} failed`);
  process.exit(failed === 0 ? 0 : 1);
}
