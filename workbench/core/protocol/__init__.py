"""The evaluation protocol's sections of a study: the manual, pools, answers and
their ratings, the diagnosis, stages, system cards, the review index and the
record of decisions. They read a study through the model's StudyView protocol
and never import the study itself."""
