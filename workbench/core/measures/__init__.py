"""Measures: the metric kernel, evaluation, statistics and agreement (over the model
and the readers; never the protocol, the study or the report)."""
