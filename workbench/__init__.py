"""Retrieval Evaluation Workbench — 검색 평가 워크벤치.

A desktop app and command line for judging and comparing retrieval systems
(BM25, vector RAG, hybrid RAG, GraphRAG) on graded relevance judgments.
"""

__version__ = "0.1.0"
