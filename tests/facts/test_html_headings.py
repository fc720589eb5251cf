"""Session 38's first design (docs/FACTS.md): a unit that is one HTML heading element and nothing else
("<h1>Marlow Tinnitus Clinic: appointments and prices</h1>") is a title, as a Markdown heading is: a claim that
denies something the page names in its title ("Ear infections aren't treated at the Marlow Tinnitus Clinic") is not
turned round against it, while the page's own denial still catches the claim that affirms it. Passages written for
this file; the whole of verify() runs, since a near flip needs the embedder's similarity."""

from __future__ import annotations

import pytest

from guard import verify

CLINIC = (
    "<h1>Marlow Tinnitus Clinic: appointments and prices</h1>\n\n"
    "<p>We see adults and children who hear ringing or buzzing in their ears. A first assessment with an "
    "audiologist costs £95 and takes an hour.</p>\n\n"
    "<p>We do not treat ear infections: see your GP for those.</p>"
)
SOUP = (
    "<h1>Fernside Community Café recipe card: red lentil and squash soup</h1>\n\n"
    "<p>Serves 6. Fry the onion in oil for 5 minutes, add the squash and lentils, and simmer for 25 minutes.</p>\n\n"
    "<p>Allergens: none of the 14 major allergens. The stock cubes we use contain no gluten or celery.</p>"
)


@pytest.mark.parametrize(
    ("claim", "passage", "holds"),
    [
        ("Ear infections aren't treated at the Marlow Tinnitus Clinic.", CLINIC, True),
        ("Ear infections are treated at the Marlow Tinnitus Clinic.", CLINIC, False),
        ("There is no gluten in the Fernside lentil and squash soup.", SOUP, True),
        ("The stock cubes in the Fernside soup contain gluten.", SOUP, False),
    ],
)
def test_a_page_title_neither_affirms_nor_denies(claim, passage, holds):
    label = verify(question="", contexts=[passage], answer=claim).claims[0].label.value
    assert (label == "supported") is holds, label
