"""The README's Python example runs as written and prints what it shows."""

import doctest
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"


def test_readme_python_example_runs_as_shown():
    section = README.read_text().split("\n## Python\n", 1)[1].split("\n## ", 1)[0]
    example = "\n".join(
        line[4:]
        for line in section.splitlines()
        if line.startswith("    ") and not line.startswith("    pip ")
    )
    assert ">>> import pokerodds" in example
    test = doctest.DocTestParser().get_doctest(example, {}, "README Python", str(README), 0)
    runner = doctest.DocTestRunner()
    runner.run(test)
    assert runner.summarize(verbose=False).failed == 0
    assert runner.summarize(verbose=False).attempted >= 8
