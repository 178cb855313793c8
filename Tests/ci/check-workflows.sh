#!/usr/bin/env bash
# The workflows `kumiki ci` writes, through the linters their hosts' users run:
# actionlint (GitHub Actions: expressions, shell scripts, action inputs, and
# actions still on a deprecated Node runtime) and the published JSON schemas
# of GitHub workflows and GitLab CI (check-jsonschema's copies).
#
# Usage: Tests/ci/check-workflows.sh KUMIKI BIN-FOLDER
#   KUMIKI      the kumiki executable to run
#   BIN-FOLDER  where actionlint and check-jsonschema are installed
set -euo pipefail
kumiki=$(realpath "$1")
bin=$(realpath "$2")
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
failures=0

# Each case: a repository, the site's folder in it, the host.
check() {
  local name=$1 folder=$2 host=$3
  local repository="$scratch/$name"
  git init -q -b main "$repository"
  mkdir -p "$repository/$folder"
  printf 'title: Guidelines\n' > "$repository/$folder/kumiki.yml"
  (cd "$repository/$folder" && "$kumiki" ci "$host" --kumiki-revision v1.0.0 > /dev/null)
  if [ "$host" = github ]; then
    local file="$repository/.github/workflows/kumiki.yml"
    (cd "$repository" && "$bin/actionlint" -no-color .github/workflows/kumiki.yml) || { echo "FAIL actionlint: $name"; failures=$((failures + 1)); }
    "$bin/check-jsonschema" -q --builtin-schema vendor.github-workflows "$file" || { echo "FAIL schema: $name"; failures=$((failures + 1)); }
  else
    "$bin/check-jsonschema" -q --builtin-schema vendor.gitlab-ci "$repository/.gitlab-ci.yml" || { echo "FAIL schema: $name"; failures=$((failures + 1)); }
  fi
  echo "checked $host workflow: $name"
}

check github-at-root . github
check github-in-a-folder guidelines/site github
check gitlab-at-root . gitlab
check gitlab-in-a-folder "design guidelines" gitlab

if [ "$failures" -gt 0 ]; then
  echo "ci-workflow-test: $failures failure(s)"
  exit 1
fi
echo "ci-workflow-test: every generated workflow passes"
