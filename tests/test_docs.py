"""The documentation a maker and a developer read: its examples run, its limits hold."""

import doctest
import os
import re

from vm import ROOT


def test_the_examples_in_the_command_line_doc_run():
    result = doctest.testfile(os.path.join(ROOT, "docs", "cli.md"), module_relative=False)
    assert result.attempted > 3 and result.failed == 0


def test_the_readme_is_short_and_stays_inside_the_repository():
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        text = f.read()
    assert len(text.encode()) < 12 * 1024
    assert "../" not in text  # no path outside the repository
    # every file it links to is there
    for link in re.findall(r"\]\(([^)#]+)\)", text):
        if "://" not in link:
            assert os.path.exists(os.path.join(ROOT, link)), link
    # the two commands that do everything on a fresh machine
    assert "make play" in text and "make test" in text


def test_the_font_module_is_made_from_the_drawing():
    # kalaha/picture/glyphs.py is generated from tools/font.txt: the two never disagree
    from tools import fontgen

    assert fontgen.main(["--check"]) == 0
    with open(fontgen.SOURCE) as f:
        text = f.read()
    # a changed drawing would change the module (the check can fail)
    changed = text.replace("= A\n.###.", "= A\n#####", 1)
    assert changed != text and fontgen.module(changed) != fontgen.module(text)
