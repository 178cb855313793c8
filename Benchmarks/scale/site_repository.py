"""A generated benchmark site made a git repository, so a build reads its
history (issue 18's page history is on by default): shared by the scale
benchmark (`run.py`) and the search benchmark (`../search/run.py`)."""

import os
import subprocess

FIXED_DATE = "2024-01-01T12:00:00+00:00"
CACHE_FOLDER = ".kumiki-cache"   # next to kumiki.yml


def commit_all(site):
    """Makes the site a git repository with one commit, the same bytes every time."""
    env = dict(os.environ, GIT_AUTHOR_NAME="Kumiki Bench", GIT_AUTHOR_EMAIL="bench@kumiki.invalid",
               GIT_COMMITTER_NAME="Kumiki Bench", GIT_COMMITTER_EMAIL="bench@kumiki.invalid",
               GIT_AUTHOR_DATE=FIXED_DATE, GIT_COMMITTER_DATE=FIXED_DATE)
    git = ["git", "-c", "init.defaultBranch=main", "-c", "commit.gpgsign=false", "-C", str(site)]
    with open(os.path.join(site, ".gitignore"), "w") as f:
        f.write("/Site/\n/%s/\n" % CACHE_FOLDER)
    for step in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "Generated scale benchmark site"]):
        subprocess.run(git + step, check=True, env=env, stdout=subprocess.DEVNULL)
