#!/usr/bin/env bash
# Writes the playground's default text (Sources/TextKitCLI/Resources/playground/default-text.txt)
# from the fixtures: Fixtures/texts/prose.txt, then article 1 of the Universal Declaration of
# Human Rights in the scripts fonts-noto-core covers (Fixtures/texts/udhr), one paragraph each.
# A test (PlaygroundAssetTests) checks the file is what this script writes.
set -euo pipefail
cd "$(dirname "$0")/.."
out=Sources/TextKitCLI/Resources/playground/default-text.txt
{
    cat Fixtures/texts/prose.txt
    for language in english greek russian arabic hebrew hindi thai georgian armenian; do
        printf '\n'
        cat "Fixtures/texts/udhr/$language.txt"
    done
} > "$out"
echo "wrote $out ($(wc -c < "$out") bytes)"
