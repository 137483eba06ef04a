"""The model: the facts of a study and the words for them — schema, ids, grades,
problems, results — imported by every layer above and importing none of them."""
