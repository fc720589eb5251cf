"""What the adapter tests ask and answer: a leaflet, a question, a true and a fabricated sentence."""

LEAFLET = [
    "Adults: the usual dose of Zelorin is 20 mg (one tablet) once a day, in the morning.",
    "Never take more than 40 mg of Zelorin in one day.",
]
QUESTION = "What is the usual adult dose of Zelorin?"
TRUE = "The usual adult dose of Zelorin is 20 mg once a day [1]."
FABRICATED = "Zelorin was discovered by Dr. Hans Gruber in Vienna in 1987 and cures migraines in 94% of patients [1]."
