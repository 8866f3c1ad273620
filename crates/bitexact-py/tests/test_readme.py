"""The README's Python session, replayed as a doctest: it must print what
it shows."""

import doctest
import pathlib
import re

README = pathlib.Path(__file__).resolve().parents[3] / "README.md"


def test_readme_python_session():
    text = README.read_text(encoding="utf-8")
    blocks = re.findall(r"```pycon\n(.*?)```", text, flags=re.S)
    assert blocks, "the README has no ```pycon session"
    parser = doctest.DocTestParser()
    for i, block in enumerate(blocks):
        test = parser.get_doctest(block, {}, f"README.md pycon block {i}", str(README), 0)
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        runner.run(test)
        result = runner.summarize(verbose=False)
        assert result.attempted > 0
        assert result.failed == 0, f"README.md pycon block {i}: {result.failed} failed"
