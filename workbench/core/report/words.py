"""Every word the report writes, in Korean and English: headers and notes (:data:`T`),
the answer sheets' words (:data:`ANSWER_WORDS`), the settings' labels and meanings,
and the progress texts. A sheet module reads them through its context (``ctx.t``)."""

from __future__ import annotations

from workbench.core.model.choices import IN_REPORT

T: dict[str, tuple[str, str]] = {
    # shared headers
    "system": ("시스템", "System"),
    "n": ("n", "n"),
    "question_id": ("질문ID", "Question ID"),
    "question": ("질문", "Question"),
    "type": ("유형", "Type"),
    "missing": ("결과 없음", "Missing from run"),
    "note": ("메모", "Note"),
    "flag": ("표시", "Flagged"),
    "yes": ("예", "yes"),
    "no_type": ("(유형 없음)", "(no type)"),
    # the range each mean can take over gradings of the unjudged passages
    "ub_title": (
        "미평가 문단에 따른 범위: 검색되었지만 아무도 판정하지 않은 문단을 모두 관련 없음(0)으로 "
        "볼 때와 모두 최고 등급(3)으로 볼 때의 평균",
        "Ranges over the unjudged passages: each mean with every retrieved passage nobody "
        "judged as not relevant (0) and as the top grade (3)",
    ),
    "ub_measure": ("지표", "Measure"),
    "ub_value": ("지금 값", "Value now"),
    "ub_as_0": ("모두 관련 없음(0)일 때", "All not relevant (0)"),
    "ub_as_3": ("모두 최고 등급(3)일 때", "All at the top grade (3)"),
    "ub_range": ("범위", "Range"),
    "ub_holes": ("미평가 문단 수", "Unjudged passages"),
    "ub_note": (
        "지금 값은 미평가 문단을 관련 없음으로 셉니다. 최고 등급으로 채우면 R과 이상적 DCG도 함께 "
        "바뀌므로 Recall·MAP·nDCG는 오히려 낮아질 수 있습니다(다른 시스템이 찾은 문단이 이 "
        "시스템이 놓친 근거가 되기 때문). 두 시스템 비교가 판정에 따라 뒤집힐 수 있는지는 시스템 비교 "
        "화면과 workbench eval --compare의 decided가 알려 줍니다.",
        "The value now counts an unjudged passage as not relevant. Filled with the top grade, "
        "R and the ideal DCG change too, so Recall, MAP and nDCG can fall (a passage another "
        "system found becomes evidence this one missed). Whether a comparison of two systems "
        "can flip is on the Compare page and in workbench eval --compare's decided.",
    ),
    # how measures are computed (the same explanation as the app's panel)
    "hm_title": (
        "계산 방법: 지표마다 공식과, 이 연구의 한 질문으로 숫자를 넣어 본 예",
        "How measures are computed: each measure's formula, and one question of this "
        "study worked through with its numbers",
    ),
    "hm_example_of": (
        "예시: 가장 좋은 시스템 {system} ({measure} 평균 기준)의 질문 {question} "
        "(관련 근거가 있는 첫 질문)",
        "Example: the best system, {system} (by mean {measure}), on question {question} "
        "(the first question with relevant evidence)",
    ),
    "hm_measure": ("지표", "Measure"),
    "hm_formula": ("공식", "Formula"),
    "hm_steps": ("이 질문의 계산", "Worked example"),
    "hm_value": ("값", "Value"),
    "hm_mean": ("평균", "Mean"),
    "hm_none": (
        "관련 근거가 있는 질문이 없어 예시를 들 수 없습니다.",
        "No question has relevant evidence, so there is no example to work through.",
    ),
    "hm_note": (
        "앱의 점수표·질문 검토·시스템 비교에서 값을 골라 '이 값은 어떻게 계산했나요?'를 누르면 "
        "어느 값이든 같은 방식으로 풀어 보여 줍니다.",
        "In the app, choose any value in the scores table, Question review or Compare and "
        "press 'How was this computed?' to see it worked through the same way.",
    ),
    # first evidence (the MRR article's table)
    "fe_title": (
        "첫 근거의 순위: 답변 가능한 질문 중 첫 관련 문단이 놓인 자리",
        "Where the first evidence is: share of answerable questions by the rank of "
        "their first relevant passage",
    ),
    "fe_rank_1": ("1위", "At rank 1"),
    "fe_top_3": ("3위 안", "In the top 3"),
    "fe_later": ("4위 이후", "Later (rank 4 on)"),
    "fe_not_found": ("찾지 못함", "Not found"),
    "fe_count": ("질문 수", "questions"),
    "fe_note": (
        "MRR 평균만으로는 알 수 없는 분포입니다. '3위 안'은 1위를 포함합니다(3위 안 + 4위 이후 + "
        "찾지 못함 = 100%). '4위 이후'는 검색 결과 끝({depth}위)까지, '찾지 못함'은 결과 어디에도 "
        "관련 문단이 없거나 결과가 없는 질문입니다.",
        "What the MRR mean alone does not show. 'In the top 3' includes rank 1 (top 3 + later "
        "+ not found = 100%). 'Later' reaches to the end of the results (rank {depth}); 'not "
        "found' means no relevant passage anywhere in the results, or no results.",
    ),
    # summary
    "counts": ("질문 수", "Question counts"),
    "answerable": ("평가한 질문(근거 있음)", "Evaluated questions (with evidence)"),
    "unanswerable": (
        "답변 불가 질문(근거 없음, 평균에서 제외)",
        "Unanswerable questions (no evidence, left out of means)",
    ),
    "missing_count": (
        "실행 결과에 없는 질문(0점 처리)",
        "Questions missing from the run (scored 0)",
    ),
    "run_only_count": (
        "판정에 없는 질문(평가 안 함)",
        "Questions not in the judgments (not evaluated)",
    ),
    "settings_line": ("설정", "Settings"),
    "warnings": ("경고", "Warnings"),
    "messages": ("오류·경고·정보", "Errors, warnings and info"),
    "no_messages": ("없음", "None"),
    "legend": ("지표 설명", "Measures"),
    "measure": ("지표", "Measure"),
    "measure_name": ("이름", "Name"),
    "explanation": ("설명", "Explanation"),
    "chart_data": ("차트 자료", "Chart data"),
    "bar_title": ("시스템별 지표 평균", "Mean of each measure per system"),
    "line_title": ("K에 따른 재현율(Recall@K)", "Recall@K over K"),
    "mean": ("평균", "Mean"),
    "best_note": (
        "굵은 글씨: 그 지표에서 가장 좋은 시스템. 색: 0(빨강) → 0.5(노랑) → 1(초록).",
        "Bold: the best system on that measure. Colour: 0 (red) → 0.5 (yellow) → 1 (green).",
    ),
    # low scoring
    "kind": ("구분", "Kind"),
    "retrieved": ("검색 결과", "Retrieved"),
    "missed": ("놓친 근거", "Missed evidence"),
    "nothing": ("결과 없음", "Nothing returned"),
    "rank": ("순위", "Rank"),
    "passage_id": ("문단ID", "Passage ID"),
    "document_id": ("문서ID", "Document ID"),
    "grade": ("등급", "Grade"),
    "grade_label": ("등급 뜻", "Grade meaning"),
    "text": ("본문", "Text"),
    "volume": ("권", "Volume"),
    "lecture": ("강연", "Lecture"),
    "page": ("페이지", "Page"),
    "score": ("점수", "Score"),
    "role": ("근거 역할", "Evidence role"),
    # significance
    "baseline": ("기준 시스템", "Baseline"),
    "mean_diff": ("평균 차이", "Mean difference"),
    "ci_low": ("95% 신뢰구간 하한", "95% CI low"),
    "ci_high": ("95% 신뢰구간 상한", "95% CI high"),
    "p_value": ("p값", "p-value"),
    "p_adjusted": ("보정 p값(Holm)", "Adjusted p (Holm)"),
    "test": ("검정", "Test"),
    "wins": ("이김", "Wins"),
    "ties": ("비김", "Ties"),
    "losses": ("짐", "Losses"),
    "significant": ("유의함(p<0.05)", "Significant (p<0.05)"),
    "sig_note": (
        "차이 = 시스템 − 기준 시스템. 두 시스템이 모두 평가한 질문만 비교합니다. 여러 쌍을 비교하므로 p값은 Holm 방식으로 보정했습니다.",
        "Difference = system − baseline, over questions both evaluate. p-values are Holm-adjusted across pairs.",
    ),
    # agreement
    "assessor_a": ("평가자 A", "Assessor A"),
    "assessor_b": ("평가자 B", "Assessor B"),
    "exact": ("완전 일치율", "Exact agreement"),
    "kappa": ("코헨 카파", "Cohen's kappa"),
    "kappa_quadratic": ("가중 카파(이차)", "Weighted kappa (quadratic)"),
    "band": ("카파 해석(Landis & Koch)", "Reading of kappa (Landis & Koch)"),
    "band_quadratic": ("가중 카파 해석(Landis & Koch)", "Reading of weighted kappa (Landis & Koch)"),
    "alpha_band": ("알파 해석(Krippendorff)", "Reading of alpha (Krippendorff)"),
    "assessors": ("평가자", "Assessors"),
    "items": ("두 명 이상 평가한 항목 수", "Items graded by two or more"),
    "alpha": ("크리펜도르프 알파(순서형)", "Krippendorff's alpha (ordinal)"),
    "disagreements": ("등급이 다른 항목 수", "Items with differing grades"),
    "by_assessor": ("평가자별 시스템 순위", "Systems ranked by each assessor's grades"),
    # each assessor's standard
    "standards": ("평가자별 기준", "Each assessor's standard"),
    "assessor": ("평가자", "Assessor"),
    "items_judged": ("평가한 항목 수", "Items judged"),
    "mean_grade": ("평균 등급", "Mean grade"),
    "grade_count": ("등급 {grade} 개수", "Grade {grade}: count"),
    "grade_share": ("등급 {grade} 비율", "Grade {grade}: share"),
    "items_both": ("같이 평가한 항목 수", "Items both judged"),
    "mean_a": ("A의 평균 등급", "A's mean grade"),
    "mean_b": ("B의 평균 등급", "B's mean grade"),
    "mean_difference": ("평균 차이(B − A)", "Difference of means (B − A)"),
    "ci_kappa_low": ("가중 카파 95% 구간 하한", "Weighted kappa 95% low"),
    "ci_kappa_high": ("가중 카파 95% 구간 상한", "Weighted kappa 95% high"),
    "ci_reading": ("구간 해석", "Reading of the interval"),
    "statistic": ("통계량", "Statistic"),
    "confusion_title": (
        "혼동 행렬: 행 = {a}의 등급, 열 = {b}의 등급 (같이 평가한 항목)",
        "Confusion matrix: rows = {a}'s grade, columns = {b}'s grade (items both judged)",
    ),
    "bootstrap_note": (
        "95% 구간은 백분위 부트스트랩입니다: 항목(질문, 문단)을 복원추출로 {replicates}번 다시 "
        "뽑고(시드 {seed}), 쌍의 구간은 두 사람이 같이 평가한 항목을, 알파의 구간은 두 명 이상이 "
        "평가한 항목을 뽑습니다. 평균 차이의 구간이 0을 포함하지 않을 때만 한 사람이 더 후하다고 "
        "말합니다. 카파는 Landis & Koch, 알파는 Krippendorff의 기준으로 읽습니다.",
        "95% intervals are percentile bootstrap: the items (question, passage) resampled with "
        "replacement {replicates} times (seed {seed}); a pair's interval resamples the items both "
        "judged, alpha's the items judged by two or more. One assessor is said to grade more "
        "generously only when the interval of the difference of means leaves out 0. Kappa is "
        "read by Landis & Koch, alpha by Krippendorff.",
    ),
    "grades_used": ("등급", "Grades"),
    "resolved_grades": ("합의된 등급(점수에 쓰는 등급)", "Resolved grades (the scores')"),
    "assessor_alone": ("평가자 {name}의 등급만", "Assessor {name}'s grades alone"),
    "questions_scored": ("점수에 든 질문 수", "Questions scored"),
    "system_order": ("시스템 순서(높은 순)", "Order of systems (best first)"),
    "kendall_tau": ("켄달 타우(합의 순위와)", "Kendall's tau (with the resolved order)"),
    "by_assessor_note": (
        "평가자의 등급만 쓸 때는 그 평가자가 한 문단이라도 평가한 질문만 점수에 넣고, "
        "그 평가자가 평가하지 않은 문단은 관련 없음으로 봅니다. 타우는 동점을 고려한 τ-b입니다.",
        "An assessor's grades alone score the questions that assessor graded any passage "
        "of; passages they did not grade count as not relevant. Tau is τ-b (ties counted).",
    ),
    # abstention
    "n_unanswerable": ("답변 불가 질문 수", "Unanswerable questions"),
    "appropriate_abstentions": ("결과 없음(답변 불가 질문)", "Empty results, unanswerable"),
    "appropriate_abstention_rate": (
        "결과 없음 비율(답변 불가 질문)",
        "Share of unanswerable questions with empty results",
    ),
    "n_answerable": ("답변 가능 질문 수", "Answerable questions"),
    "false_abstentions": ("결과 없음(답변 가능 질문)", "Empty results, answerable"),
    "false_abstention_rate": (
        "결과 없음 비율(답변 가능 질문)",
        "Share of answerable questions with empty results",
    ),
    "without_evidence_list": ("근거를 아직 찾지 못한 질문", "Questions whose evidence nobody has found yet"),
    "without_evidence_note": (
        "질문 시트에서 답변가능 = 예로 표시했지만 관련 등급을 받은 문단이 하나도 없는 질문입니다. "
        "답변 불가 질문과 함께 평균에서 빠지므로 어느 시스템도 이 근거를 놓쳤다고 감점되지 않습니다. "
        "문단을 더 평가하세요.",
        "Marked answerable in the questions sheet, yet no passage is graded relevant. They are "
        "counted with the unanswerable questions and left out of every mean, so no system is "
        "penalised for missing their evidence. Judge more passages for them.",
    ),
    "without_evidence_note_trec": (
        "질문 시트에서 답변가능 = 예로 표시했지만 관련 등급을 받은 문단이 하나도 없는 질문입니다. "
        "trec_eval 규칙에 따라 평균에 남고 모든 시스템이 0점을 받습니다. 문단을 더 평가하세요.",
        "Marked answerable in the questions sheet, yet no passage is graded relevant. With "
        "trec_eval's conventions they stay in the means, every system scoring 0 on them. Judge "
        "more passages for them.",
    ),
    "unanswerable_list": ("답변 불가 질문 목록", "Unanswerable questions"),
    "abstention_note": (
        "시스템이 아무것도 돌려주지 않으면(또는 점수 하한 이상인 결과가 없으면) 답변을 보류한 것으로 봅니다.",
        "A system abstains when it returns nothing (or nothing at or above the score floor).",
    ),
    # settings
    "item": ("항목", "Item"),
    "key": ("키", "Key"),
    "value": ("값", "Value"),
    "meaning": ("뜻", "Meaning"),
    "sig_test": ("유의성 검정", "Significance test"),
    "seed": ("난수 시드", "Random seed"),
    "app_version": ("프로그램 버전", "App version"),
    "written_at": ("작성 시각", "Written at"),
    "measures_used": ("지표", "Measures"),
    "primary": ("낮은 점수 기준 지표", "Primary measure (Low-scoring)"),
    "low_n": ("시스템별 낮은 점수 질문 수", "Low-scoring questions per system"),
    "inputs": ("입력 파일", "Input files"),
    "file": ("파일", "File"),
    "sheet": ("시트", "Sheet"),
    "sha256": ("SHA-256", "SHA-256"),
    "none": ("없음", "none"),
    # diagnosis
    "stage": ("단계", "Stage"),
    "rule": ("규칙", "Rule"),
    "sentence": ("진단", "Diagnosis"),
    "n_questions": ("질문 수", "Questions"),
    "question_ids": ("질문ID", "Question IDs"),
    "numbers": ("근거 숫자", "Numbers"),
    "types_named": ("해당 유형", "Types named"),
    "not_checked": ("확인하지 못한 규칙", "Rules not checked"),
    "reason": ("이유", "Reason"),
    "thresholds": ("진단 기준값", "Diagnosis thresholds"),
    "threshold": ("기준", "Threshold"),
    "default": ("기본값", "Default"),
    "k_advice": ("K 조언: 몇 개를 넘길지", "K advice: how many passages to pass on"),
    "depth": ("결과 깊이", "Run depth"),
    "ladder": ("K 단계별 Recall", "Recall per step of the K list"),
    "advised_k": ("권하는 K", "Advised K"),
    "growing": ("아직 늘어남", "Still growing"),
    "per_q": ("질문당 문단", "Passages per question"),
    "total": ("전체 문단", "Passages in all"),
    "saved": ("덜 쓰는 문단(질문당)", "Saved per question"),
    "diag_note": (
        "규칙은 연구 문서의 판단 기준을 그대로 옮긴 것입니다. 기준값은 앱의 개요 ▸ 진단에서 바꿀 수 있습니다.",
        "The rules apply the study articles' reading of the measures. Change the thresholds "
        "on Overview ▸ Diagnosis.",
    ),
    # missed evidence
    "core": ("핵심 누락", "Core missed"),
    "supporting": ("보조 누락", "Supporting missed"),
    "alternative": ("대체 누락", "Alternative missed"),
    "other": ("역할 없음 누락", "No-role missed"),
    "q_core": ("핵심 근거를 놓친 질문 수", "Questions missing core"),
    "lowest": ("유형별 낮은 점수 사례", "Lowest cases per type"),
    "missed_note": (
        "상위 {k}개에 없는 관련 근거(등급 ≥ θ)를 역할별로 셉니다. 같은 근거 그룹의 대체 근거가 상위 {k}개에 있으면 핵심 근거는 놓친 것으로 보지 않습니다.",
        "Relevant evidence (grade ≥ θ) not in the top {k}, by role. A core passage whose "
        "evidence group has an alternative in the top {k} is not counted as missed.",
    ),
    "no_roles": (
        "판정에 근거 역할(핵심/보조/대체)이 없어 모두 '역할 없음'으로 셉니다.",
        "The judgments have no evidence roles (core/supporting/alternative): every passage "
        "counts as no role.",
    ),
    # system cards
    "card_from": ("입력한 곳", "Entered in"),
    "from_file": ("실행 결과 파일", "run workbook"),
    "from_app": ("앱", "the app"),
    "no_card": ("(정보 없음)", "(no card)"),
    "comparability": ("비교할 때 주의", "Comparability"),
    "cards_ok": (
        "청크 크기·겹침·단위가 적힌 시스템끼리는 서로 같습니다.",
        "Where chunk size, overlap and unit are given, the systems agree.",
    ),
    # stages
    "pipeline": ("파이프라인", "Pipeline"),
    "stage_measure": ("이 단계를 보는 지표", "Stage measure"),
    "stage_losses": (
        "앞 단계에서 찾았지만 다음 단계에서 빠진 관련 근거",
        "Relevant evidence the next stage dropped",
    ),
    "kind_lost": ("빠짐", "dropped"),
    "kind_gained": ("새로 들어옴", "brought in"),
    "from_pos": ("앞 단계 순위", "Earlier position"),
    "to_pos": ("다음 단계 순위", "Later position"),
    "evidence_sentence": ("근거 문장", "Evidence sentence"),
    # manual
    "manual_label": ("이름", "Label"),
    "manual_definition": ("정의", "Definition"),
    "manual_example_id": ("예시 문단ID", "Example passage id"),
    "manual_example_text": ("예시 본문", "Example text"),
    "manual_theta": ("관련 기준 θ", "Relevance threshold θ"),
    "manual_principles": ("운영 원칙", "Principles"),
    # pools
    "pools": ("판정 풀", "Judging pools"),
    "pool_assessor": ("평가자", "Assessor"),
    "pool_depth": ("깊이(상위 몇 개)", "Depth (top K)"),
    "pool_seed": ("순서 시드", "Order seed"),
    "pool_questions": ("질문 수", "Questions"),
    "pool_systems": ("시스템", "Systems"),
    "pool_created": ("만든 때", "Made"),
    "pool_items": ("풀 문단 수", "Passages in pool"),
    "pool_graded": ("판정함", "Graded"),
    "pool_cannot": ("판정 불가", "Cannot judge"),
    "pool_later": ("나중에", "Later"),
    "pool_waiting": ("남음", "Still waiting"),
    "pool_judged_before": ("풀 판정 전", "Before the pools"),
    "pool_judged_after": ("지금", "Now"),
    "pool_order_note": (
        "판정 순서: 질문을 섞고, 질문마다 문단을 섞습니다(시드로 고정). 시스템 이름·순위·점수는 "
        "평가자에게 보이지 않습니다.",
        "Judging order: questions shuffled, then each question's passages shuffled (fixed by the "
        "seed). Assessors see no system name, rank or score.",
    ),
    "pool_agreement": ("판정 풀 문단의 평가자 일치도", "Agreement on the pooled passages"),
    "pool_no_overlap": (
        "아직 두 평가자가 같은 풀 문단을 판정하지 않았습니다.",
        "No two assessors have graded the same pooled passage yet.",
    ),
    # calibration rounds
    "cal_note": (
        "보정 라운드: 본 판정 전에 평가자 모두가 같은 문단을 판정해, 매뉴얼을 다르게 읽는 곳을 찾아 "
        "매뉴얼을 고칩니다. 연습이므로 이 등급은 점수에도, '평가자 일치도' 시트의 수치에도 들어가지 "
        "않습니다.",
        "Calibration rounds: before the real judging every assessor grades the same passages, "
        "to find where they read the manual differently and revise it. They are practice: these "
        "grades are not counted in the scores nor in the Agreement sheet's figures.",
    ),
    "cal_round": ("보정 라운드 {n}", "Calibration round {n}"),
    "cal_items": ("문단 수", "Passages"),
    "cal_seed": ("시드", "Seed"),
    "cal_made": ("만든 때", "Made"),
    "cal_agreement": ("라운드의 평가자 일치도", "Agreement on the round"),
    "cal_not_yet": (
        "아직 두 평가자가 같은 문단을 판정하지 않았습니다.",
        "No two assessors have graded the same passage of the round yet.",
    ),
    "cal_every_item": ("라운드의 문단과 평가자별 등급", "The round's passages and each assessor's grade"),
    "cal_splits": (
        "등급이 갈린 문단 (차이가 큰 순)",
        "Passages the assessors split on (furthest apart first)",
    ),
    "cal_no_splits": (
        "등급이 갈린 문단이 없습니다.",
        "The assessors gave every shared passage the same grade.",
    ),
    "cal_grade_of": ("{name} 등급", "{name}'s grade"),
    "cal_note_of": ("{name} 메모", "{name}'s note"),
    "cal_gap": ("등급 차이", "Gap"),
    "read_choices": (
        "확인을 받고 바꿔 읽은 값과 뺀 행",
        "Values read as you confirmed, and rows left out",
    ),
    "first_row": ("첫 행", "First row"),
    "what": ("내용", "What"),
    # decisions
    "target": ("문단ID · 답변", "Passage ID · answer"),
    "decided": ("정한 값", "Decided"),
    "assessor_grades": ("평가자들의 등급", "Assessors' grades"),
    "by": ("누가", "Who"),
    "when": ("언제", "When"),
    "why": ("이유 · 메모", "Why · note"),
    "row": ("행", "Row"),
    "back_to_policy": (
        "조정 취소: 통합 방식대로",
        "resolution taken back: the policy decides",
    ),
    "no_decisions": (
        "기록된 결정이 없습니다: 손으로 정한 등급, 앱이나 판정 풀에서 준 등급, 확인한 변환, "
        "제외한 행, 답변 평가, 메모, 표시가 하나도 없습니다.",
        "No decisions recorded: no grade decided by hand or given in the app or on a judging "
        "pool, no confirmed conversion, no row left out, no answer rating, note or flag.",
    ),
    "decisions_note": (
        "점수를 바꾼 모든 결정(등급, 변환, 제외한 행, 답변 평가)과 질문의 메모·표시입니다. "
        "'평가자들의 등급'은 손으로 정한 항목에 평가자들이 준 등급입니다.",
        "Every decision that changed a number (grades, conversions, rows left out, answer "
        "ratings) and the questions' notes and flags. 'Assessors' grades': the grades the "
        "assessors gave an item decided by hand.",
    ),
    "decisions_settings": ("결정 기록", "Decisions"),
}

#: warnings that record a choice the user made while loading a file: they change
#: what is counted, so the Settings sheet lists them with the other choices
READ_CHOICE_CODES = ("grade_converted", "rows_left_out")

SETTING_LABELS: dict[str, tuple[str, str]] = {
    "ks": ("K (상위 몇 개까지 볼지)", "Cutoffs K"),
    "threshold": ("관련 기준 θ (등급 ≥ θ면 관련)", "Relevance threshold θ (grade ≥ θ is relevant)"),
    "gain": ("nDCG 이득", "nDCG gain"),
    "order": ("순위 정렬 방식", "Ordering"),
    "dedup": ("중복 제거", "De-duplication"),
    "window": ("인접 범위 ±w", "Adjacent window ±w"),
    "unit": ("평가 단위", "Evaluation unit"),
    "score_floor": ("점수 하한(답변 보류 판단)", "Score floor (abstention)"),
    "resolution": ("평가자 등급 통합 방식", "Assessor grade resolution"),
    "adjudicator": ("최종 판정자", "Adjudicator"),
    "trec_compat": ("trec_eval와 같은 방식", "trec_eval conventions"),
    "depth": ("평가 깊이 (목록 앞 N개만)", "Depth (first N places of each list, trec_eval -M)"),
    "measures": ("보고할 지표 (직접 지정)", "Measures asked for"),
}

SETTING_VALUES: dict[tuple[str, str], tuple[str, str]] = {
    **IN_REPORT,
    ("trec_compat", "True"): (
        "예: 관련 근거가 없는 질문도 평균에 넣고(0점), TREC qrels의 음수 등급은 Judged@K에서 "
        "미판정으로 봄; 결과가 없는 질문은 0점(trec_eval -c와 같음)",
        "yes: questions without relevant evidence stay in the means (scoring 0); a negative "
        "grade in TREC qrels is unjudged for Judged@K; a question missing from a run scores 0 "
        "(as trec_eval -c)",
    ),
    ("trec_compat", "False"): (
        "아니오: 관련 근거가 없는 질문은 평균에서 빼고 따로 보고함(연구 글의 방식)",
        "no: questions without relevant evidence are left out of the means and reported "
        "apart (as the seeds ask)",
    ),
}

#: what the progress bar says outside the sheets (each sheet's own text is in its
#: registry entry)
PROGRESS_TEXT: dict[str, tuple[str, str]] = {
    "save": ("파일 저장 중", "Saving the file"),
    "done": ("완료", "Done"),
}

ANSWER_WORDS: dict[str, tuple[str, str]] = {
    "means": ("시스템별 답변 평가 평균 (0–3)", "Answer ratings per system (0–3)"),
    "means_note": (
        "평균은 평가자들의 점수를 판정 등급과 같은 규칙으로 하나로 모은 점수(사람이 조정한 점수 우선)의 "
        "평균입니다. 신뢰구간은 부트스트랩 95%입니다. '평가 평균'은 답변마다 적용되는 기준 점수의 평균입니다.",
        "Means of the score used per item (several raters' scores combined by the rule of "
        "the passage grades, a hand resolution winning), with 95% bootstrap CIs. 'Mean "
        "rating' is each answer's mean over the criteria that apply to it.",
    ),
    "by_type": ("질문 유형별", "By question type"),
    "tests": ("시스템 비교 (짝지은 검정, Holm 보정)", "Paired tests (Holm-adjusted)"),
    "sentence": ("해석", "In words"),
    "agreement": ("평가자 일치도 (기준별)", "Rater agreement per criterion"),
    "all_criteria": ("모든 기준", "all criteria"),
    "rubric": ("루브릭", "Rubric"),
    "criterion": ("기준", "Criterion"),
    "applies": ("적용", "Applies to"),
    "level": ("수준", "Level"),
    "description": ("설명", "Description"),
    "per_answer": ("답변별 점수", "Scores per answer"),
    "raters": ("평가자별 점수", "Every rater's scores"),
    "rating": ("평가 평균", "Mean rating"),
    "time": ("평가시각", "Rated at"),
    "rates": ("시스템별 인용 점검", "Citation checks per system"),
    "rates_note": (
        "인용 정밀도 = 관련 기준(θ) 이상인 인용 문단 / 인용 문단. 핵심 근거 포함률 = 인용한 핵심 근거 그룹 / "
        "핵심 근거 그룹(대체 근거는 그 그룹을 채움). 검색되지 않은 인용 = 그 시스템의 검색 결과에 없는 인용.",
        "Citation precision = cited passages with grade ≥ θ / cited passages. Core coverage = "
        "core evidence groups cited / core groups (an alternative covers its group). Not "
        "retrieved = cited but not in that system's results for the question.",
    ),
    "answers": ("답변 수", "Answers"),
    "answerable": ("답변 가능 질문", "Answerable"),
    "unanswerable": ("답변 불가 질문", "Unanswerable"),
    "citations": ("인용 수", "Citations"),
    "unknown_rate": ("없는 문단 인용 비율", "Unknown citations"),
    "not_retrieved_rate": ("검색되지 않은 인용 비율", "Not retrieved"),
    "not_relevant_rate": ("관련 없는 인용 비율", "Below θ"),
    "unjudged_rate": ("미평가 인용 비율", "Unjudged"),
    "citation_precision": ("인용 정밀도", "Citation precision"),
    "core_coverage": ("핵심 근거 포함률", "Core coverage"),
    "no_citation_rate": ("인용 없는 답변 비율", "No citation"),
    "appropriate_abstention_rate": (
        "답변 보류 비율(답변 불가 질문)",
        "Declined answers, unanswerable questions",
    ),
    "false_abstention_rate": ("답변 보류 비율(답변 가능 질문)", "Declined answers, answerable questions"),
    "per_answer_checks": ("답변별 점검", "Checks per answer"),
    "abstained": ("답변 보류", "Abstained"),
    "n_citations": ("인용 수", "Citations"),
    "flags": ("자동 점검 결과", "Flags"),
    "answer": ("답변", "Answer"),
    "per_citation": ("인용 문단별", "Every cited passage"),
    "order": ("인용 순서", "Order"),
    "rank_in_run": ("그 시스템의 순위", "Rank in its results"),
    "known": ("있는 문단", "Known passage"),
    "unknown": ("없는 문단", "unknown passage"),
    "not_retrieved": ("검색되지 않음", "not retrieved"),
    "removed": ("중복 제거됨", "removed by de-duplication"),
    "no_run": ("검색 결과 없음", "no results of this system"),
    "phrases": ("답변 보류 문구", "Abstention phrases"),
    "phrases_meaning": (
        "답변이 비었거나 이 문구 중 하나를 담으면 답변을 보류한 것으로 봅니다.",
        "An empty answer, or one containing one of these phrases, is an abstention.",
    ),
    "policy": ("답변 평가 점수 통합 방식", "Answer ratings: how raters' scores combine"),
    "answer_seed": ("답변 평가 난수 시드", "Answer ratings: random seed"),
}


def at(key: str, lang: str) -> str:
    ko, en = ANSWER_WORDS[key]
    return ko if lang == "ko" else en


def words(key: str, lang: str) -> str:
    """The report's word for ``key`` (:data:`T`) in ``lang``."""
    pair = T[key]
    return pair[0] if lang == "ko" else pair[1]


def lang_code(lang: str) -> str:
    """``"en"`` for English, ``"ko"`` for anything else."""
    return "en" if lang == "en" else "ko"
