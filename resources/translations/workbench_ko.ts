<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ko" sourcelanguage="en">
<context>
    <name>AboutDialog</name>
    <message>
        <source>About the workbench</source>
        <translation>워크벤치 정보</translation>
    </message>
    <message>
        <source>Retrieval Evaluation Workbench</source>
        <translation>검색 평가 워크벤치</translation>
    </message>
    <message>
        <source>Compares retrieval systems (BM25, vector RAG, hybrid RAG, GraphRAG) on graded judgments: metrics, question review, significance, assessor agreement and an Excel report. Released under the MIT licence.</source>
        <translation>등급 평가를 기준으로 검색 시스템(BM25, 벡터 RAG, 하이브리드 RAG, GraphRAG)을 비교합니다: 지표, 질문별 검토, 유의성 검정, 평가자 간 일치도, 엑셀 보고서. MIT 라이선스로 배포됩니다.</translation>
    </message>
    <message>
        <source>Bundled components and their licences:</source>
        <translation>포함된 구성 요소와 라이선스:</translation>
    </message>
</context>
<context>
    <name>AgreementPage</name>
    <message>
        <source>Which grade counts when assessors differ</source>
        <extracomment>policies in the order the combo shows them assessor keys (N and P are taken by navigation) rows of the agreement statistics (assessor pairs) shown before the table scrolls raw value of a cell (grade as int, gap as int, resolved flag as bool) statistics, the queue and the grade used of every item (not ``data``: that name is the model&apos;s Qt method) (assessor a, assessor b, grade by a, grade by b) — a heat-map cell the study&apos;s evaluation manual: grade labels and tooltips (None: the defaults) the page finished showing a new computation (tests wait for it) the judgments the standards box shows (or computes) the study&apos;s one undo stack, shared with every page</extracomment>
        <translation>평가자 등급이 다를 때 쓸 등급</translation>
    </message>
    <message>
        <source>Rule:</source>
        <translation>규칙:</translation>
    </message>
    <message>
        <source>Who decides:</source>
        <translation>결정할 평가자:</translation>
    </message>
    <message>
        <source>Used with “One assessor decides”: this assessor&apos;s grade counts wherever they graded the item.</source>
        <translation>“한 평가자가 결정”과 함께 씁니다: 이 평가자가 평가한 항목에서는 이 평가자의 등급을 씁니다.</translation>
    </message>
    <message>
        <source>How far the assessors agree</source>
        <translation>평가자 간 일치 정도</translation>
    </message>
    <message>
        <source>Assessors</source>
        <translation>평가자</translation>
    </message>
    <message>
        <source>Items</source>
        <translation>항목</translation>
    </message>
    <message>
        <source>Same grade</source>
        <translation>같은 등급</translation>
    </message>
    <message>
        <source>Cohen&apos;s κ</source>
        <translation>Cohen의 κ</translation>
    </message>
    <message>
        <source>The two assessors compared.</source>
        <translation>비교한 두 평가자입니다.</translation>
    </message>
    <message>
        <source>Items (question, passage) both assessors graded.</source>
        <translation>두 평가자가 모두 평가한 항목(질문, 문단) 수입니다.</translation>
    </message>
    <message>
        <source>Share of those items given exactly the same grade.</source>
        <translation>그 항목 중 정확히 같은 등급을 준 비율입니다.</translation>
    </message>
    <message>
        <source>Agreement beyond chance: 1 = always the same grade, 0 = no better than chance. Every different grade counts as a full disagreement.</source>
        <translation>우연을 넘어선 일치도: 1 = 항상 같은 등급, 0 = 우연과 다르지 않음. 등급이 다르면 모두 완전한 불일치로 셉니다.</translation>
    </message>
    <message>
        <source>Like Cohen&apos;s κ, but a near miss (1 vs 2) counts less than a far one (0 vs 3), by the square of the distance.</source>
        <translation>Cohen의 κ와 같지만, 가까운 차이(1 대 2)는 먼 차이(0 대 3)보다 덜 불일치로 셉니다(거리의 제곱).</translation>
    </message>
    <message>
        <source>Grades side by side</source>
        <translation>등급 나란히 보기</translation>
    </message>
    <message>
        <source>Assessors:</source>
        <translation>평가자:</translation>
    </message>
    <message>
        <source>Each cell counts the items graded with the row assessor&apos;s grade and the column assessor&apos;s grade. The outlined diagonal is where they agree. Click a cell to list those items.</source>
        <translation>각 칸은 행 평가자의 등급과 열 평가자의 등급을 받은 항목 수입니다. 테두리가 있는 대각선이 일치한 곳입니다. 칸을 클릭하면 그 항목을 보여 줍니다.</translation>
    </message>
    <message>
        <source>Disagreements, biggest gap first</source>
        <translation>불일치 목록 (차이가 큰 것부터)</translation>
    </message>
    <message>
        <source>Unresolved only</source>
        <translation>해결 안 된 것만</translation>
    </message>
    <message>
        <source>Show all</source>
        <translation>모두 보기</translation>
    </message>
    <message>
        <source>Chosen item</source>
        <translation>고른 항목</translation>
    </message>
    <message>
        <source>Resolve by hand:</source>
        <translation>직접 결정:</translation>
    </message>
    <message>
        <source>Use grade {grade} for this item (key {key}).</source>
        <translation>이 항목에 {grade}등급을 씁니다 (단축키 {key}).</translation>
    </message>
    <message>
        <source>Reason (optional), saved with the grade you choose</source>
        <translation>이유 (선택), 고른 등급과 함께 저장됩니다</translation>
    </message>
    <message>
        <source>Back to the rule</source>
        <translation>규칙으로 되돌리기</translation>
    </message>
    <message>
        <source>Forget the grade chosen by hand; the rule above decides again.</source>
        <translation>직접 고른 등급을 지우고 위의 규칙이 다시 결정하게 합니다.</translation>
    </message>
    <message>
        <source>✓ = resolved by hand</source>
        <translation>✓ = 직접 결정함</translation>
    </message>
    <message>
        <source>{assessors} assessors. {items} items were graded by two or more of them; they gave different grades to {n} ({pct:.1f}%).</source>
        <translation>평가자 {assessors}명. 항목 {items}개를 두 명 이상이 평가했고, 그중 {n}개({pct:.1f}%)에 서로 다른 등급을 주었습니다.</translation>
    </message>
    <message>
        <source>; talk the grading guide through again</source>
        <translation>. 평가 기준을 함께 다시 살펴보세요</translation>
    </message>
    <message>
        <source>Weighted κ
(quadratic)</source>
        <translation>가중 κ
(이차)</translation>
    </message>
    <message>
        <source>Question</source>
        <translation>질문</translation>
    </message>
    <message>
        <source>Passage</source>
        <translation>문단</translation>
    </message>
    <message>
        <source>Gap</source>
        <translation>차이</translation>
    </message>
    <message>
        <source>Highest minus lowest grade given to the item.</source>
        <translation>항목이 받은 가장 높은 등급에서 가장 낮은 등급을 뺀 값입니다.</translation>
    </message>
    <message>
        <source>Grade used</source>
        <translation>사용 등급</translation>
    </message>
    <message>
        <source>The grade the scores use: the rule&apos;s, or the one chosen by hand (bold).</source>
        <translation>점수 계산에 쓰는 등급: 규칙에 따른 등급 또는 직접 고른 등급(굵게).</translation>
    </message>
    <message>
        <source>Resolved by hand by {who}, {when}</source>
        <translation>{who:이} 직접 결정, {when}</translation>
    </message>
    <message>
        <source>Not graded by this assessor</source>
        <translation>이 평가자는 평가하지 않음</translation>
    </message>
    <message>
        <source>Open a judgments file to see how far the assessors agree.

Agreement needs the grades of at least two assessors: one row per assessor&apos;s grade, with the assessor&apos;s name in an assessor column (평가자).</source>
        <translation>평가자 간 일치 정도를 보려면 평가 파일을 여세요.

일치도를 보려면 평가자가 두 명 이상이어야 합니다: 평가자의 등급마다 한 행씩, 평가자 이름을 평가자 열에 적어 주세요.</translation>
    </message>
    <message>
        <source>Computing agreement…</source>
        <translation>일치도 계산 중…</translation>
    </message>
    <message>
        <source>This judgments file names no assessors, so there is nothing to compare.

To measure agreement, give each grade the name of the person who made it in an assessor column (평가자), one row per assessor&apos;s grade. The scores use the grades as they are.</source>
        <translation>이 평가 파일에는 평가자 이름이 없어 비교할 것이 없습니다.

일치도를 재려면 평가자 열에 등급을 매긴 사람의 이름을 적고, 평가자의 등급마다 한 행씩 두세요. 점수는 등급을 그대로 사용합니다.</translation>
    </message>
    <message>
        <source>Only one assessor ({name}) graded these passages, so there is nothing to compare.

To measure agreement, add a second person&apos;s grades for the same questions and passages, with their name in the assessor column (평가자). The scores use {name}&apos;s grades as they are.</source>
        <translation>이 문단들은 평가자 한 명({name})만 평가해서 비교할 것이 없습니다.

일치도를 재려면 같은 질문과 문단에 대한 두 번째 사람의 등급을 평가자 열에 이름과 함께 추가하세요. 점수는 {name}의 등급을 그대로 사용합니다.</translation>
    </message>
    <message>
        <source>A grade resolved by hand below always wins. Every assessor&apos;s own grade is kept.</source>
        <translation>아래에서 직접 결정한 등급이 항상 우선합니다. 평가자 각자의 원래 등급은 모두 보관됩니다.</translation>
    </message>
    <message>
        <source>Krippendorff&apos;s α (ordinal), all assessors: &lt;b&gt;{value}&lt;/b&gt; — {reading}</source>
        <translation>Krippendorff의 α (순서형), 전체 평가자: &lt;b&gt;{value}&lt;/b&gt; — {reading}</translation>
    </message>
    <message>
        <source>Krippendorff&apos;s alpha measures agreement beyond chance over all assessors at once, treating the grades as ordered and allowing missing grades. Krippendorff recommends α ≥ 0.800 for conclusions and 0.667 ≤ α &lt; 0.800 for tentative ones.</source>
        <translation>Krippendorff의 α는 모든 평가자를 한꺼번에 놓고 우연을 넘어선 일치도를 잽니다. 등급을 순서 있는 값으로 보고 빠진 등급도 허용합니다. Krippendorff는 결론을 내리려면 α ≥ 0.800, 잠정적 결론에는 0.667 ≤ α &lt; 0.800을 권합니다.</translation>
    </message>
    <message>
        <source>{a}: {ga} · {b}: {gb} — {count} items</source>
        <translation>{a}: {ga} · {b}: {gb} — 항목 {count}개</translation>
    </message>
    <message>
        <source>items</source>
        <translation>항목</translation>
    </message>
    <message>
        <source>Only {a}: {ga} and {b}: {gb}</source>
        <translation>{a}: {ga}이고 {b}: {gb}인 것만</translation>
    </message>
    <message>
        <source>(they agree there: nothing to resolve)</source>
        <translation>(여기서는 일치합니다: 결정할 것 없음)</translation>
    </message>
    <message>
        <source>{n} disagreements · {done} resolved by hand · {left} left · showing {shown}</source>
        <translation>불일치 {n}개 · 직접 결정 {done}개 · 남음 {left}개 · {shown}개 표시</translation>
    </message>
    <message>
        <source>No item chosen</source>
        <translation>고른 항목 없음</translation>
    </message>
    <message>
        <source>Every disagreement is resolved. Untick “Unresolved only” to see them all.</source>
        <translation>모든 불일치를 결정했습니다. 전부 보려면 “해결 안 된 것만”을 해제하세요.</translation>
    </message>
    <message>
        <source>Question {qid} · passage {pid}</source>
        <translation>질문 {qid} · 문단 {pid}</translation>
    </message>
    <message>
        <source>(no question text in the judgments file)</source>
        <translation>(평가 파일에 질문 내용이 없습니다)</translation>
    </message>
    <message>
        <source>(no passage text in the judgments file)</source>
        <translation>(평가 파일에 문단 본문이 없습니다)</translation>
    </message>
    <message>
        <source>resolved by hand by {who}, {when}</source>
        <translation>{who:이} 직접 결정, {when}</translation>
    </message>
    <message>
        <source>reason: {reason}</source>
        <translation>이유: {reason}</translation>
    </message>
    <message>
        <source>Grade used: {grade}, {how}</source>
        <translation>사용 등급: {grade}, {how}</translation>
    </message>
    <message>
        <source>Grade used: {grade}, by the rule above (not resolved by hand yet)</source>
        <translation>사용 등급: {grade}, 위 규칙에 따름 (아직 직접 결정하지 않음)</translation>
    </message>
    <message>
        <source>not graded</source>
        <translation>평가 안 됨</translation>
    </message>
    <message>
        <source>Note: {note}</source>
        <translation>메모: {note}</translation>
    </message>
    <message>
        <source>Use {name}&apos;s grade</source>
        <translation>{name}의 등급 사용</translation>
    </message>
    <message>
        <source>Resolve with the grade {name} gave (key {key}).</source>
        <translation>{name:이} 준 등급으로 결정합니다 (단축키 {key}).</translation>
    </message>
</context>
<context>
    <name>AnswerColumn</name>
    <message>
        <source>This system gave no answer to the question.</source>
        <extracomment>the rated level (or &quot;not rated yet&quot;) of the criterion the keys rate</extracomment>
        <translation>이 시스템은 이 질문에 답변하지 않았습니다.</translation>
    </message>
    <message>
        <source>No automatic flag</source>
        <translation>자동 점검 문제 없음</translation>
    </message>
    <message>
        <source>Cited passages</source>
        <translation>인용한 문단</translation>
    </message>
    <message>
        <source>unknown passage</source>
        <translation>없는 문단</translation>
    </message>
</context>
<context>
    <name>AnswerImportDialog</name>
    <message>
        <source>Check and load answers or ratings</source>
        <extracomment>the preview is shown (or reading failed) the file was read; the systems are shown for matching a load finished with problems</extracomment>
        <translation>답변·평가 파일 확인하고 불러오기</translation>
    </message>
    <message>
        <source>Sheet:</source>
        <translation>시트:</translation>
    </message>
    <message>
        <source>Use this sheet as:</source>
        <translation>이 시트의 용도:</translation>
    </message>
    <message>
        <source>The first row of the table shows what each column holds. An answers sheet needs a question ID and the answer; citations may be a column of passage IDs or markers such as [D012-03] in the answer. A ratings sheet has one column per rubric criterion. Fix a wrong guess in its dropdown, then press Load.</source>
        <translation>표의 첫 행은 각 열에 무엇이 들어 있는지 보여 줍니다. 답변 시트에는 질문ID와 답변이 필요하고, 인용은 문단ID를 적은 열이나 답변 안의 [D012-03] 같은 표시로 적을 수 있습니다. 평가 시트에는 루브릭 기준마다 한 열이 있습니다. 잘못 짐작한 열은 목록에서 고친 뒤 불러오기를 누르세요.</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>취소</translation>
    </message>
    <message>
        <source>◀ Columns</source>
        <translation>◀ 열 지정</translation>
    </message>
    <message>
        <source>Load</source>
        <translation>불러오기</translation>
    </message>
    <message>
        <source>Add to the study</source>
        <translation>연구에 추가</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>닫기</translation>
    </message>
    <message>
        <source>Each system of the file is matched to the system results with the same name (or the same name apart from capitals and spaces). Choose another system where the match is wrong; an answer without system results is kept under its own name, but its citations cannot be checked against what it retrieved.</source>
        <translation>파일의 각 시스템은 이름이 같은(또는 대소문자와 띄어쓰기만 다른) 시스템 결과와 이어집니다. 잘못 이어진 곳은 다른 시스템을 고르세요. 검색 결과가 없는 답변은 제 이름으로 남지만, 인용이 검색된 문단인지는 확인할 수 없습니다.</translation>
    </message>
    <message>
        <source>In the file</source>
        <translation>파일의 이름</translation>
    </message>
    <message>
        <source>System results</source>
        <translation>시스템 결과</translation>
    </message>
    <message>
        <source>How it was matched</source>
        <translation>이어진 방식</translation>
    </message>
    <message>
        <source>Answers / ratings</source>
        <translation>답변 / 평가</translation>
    </message>
    <message>
        <source>Reading the file…</source>
        <translation>파일을 읽는 중…</translation>
    </message>
    <message>
        <source>This file could not be read.</source>
        <translation>이 파일을 읽을 수 없습니다.</translation>
    </message>
    <message>
        <source>Stopped. Nothing was loaded.</source>
        <translation>멈췄습니다. 아무것도 불러오지 않았습니다.</translation>
    </message>
    <message>
        <source>{sheet} (hidden)</source>
        <translation>{sheet} (숨김)</translation>
    </message>
    <message>
        <source>Ready. Check the columns, then press Load.</source>
        <translation>준비되었습니다. 열을 확인한 뒤 불러오기를 누르세요.</translation>
    </message>
    <message>
        <source>Answers</source>
        <translation>답변</translation>
    </message>
    <message>
        <source>Ratings of the answers</source>
        <translation>답변 평가</translation>
    </message>
    <message>
        <source>Rubric</source>
        <translation>루브릭</translation>
    </message>
    <message>
        <source>Do not use</source>
        <translation>사용하지 않음</translation>
    </message>
    <message>
        <source>Meaning</source>
        <translation>의미</translation>
    </message>
    <message>
        <source>Showing the first {shown} of {total} rows.</source>
        <translation>전체 {total}행 중 처음 {shown}행을 보여 줍니다.</translation>
    </message>
    <message>
        <source>No problems found in the previewed rows.</source>
        <translation>미리 본 행에서 문제를 찾지 못했습니다.</translation>
    </message>
    <message>
        <source>Row {row} is beyond the previewed rows; open the file to see it.</source>
        <translation>{row}행은 미리 본 범위 밖에 있습니다. 파일을 열어 확인하세요.</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>불러오는 중…</translation>
    </message>
    <message>
        <source>The file was not loaded. Fix the problems listed below, then press Load again.</source>
        <translation>파일을 불러오지 않았습니다. 아래의 문제를 고친 뒤 다시 불러오기를 누르세요.</translation>
    </message>
    <message>
        <source>{name} (answers already loaded, no results)</source>
        <translation>{name} (이미 불러온 답변, 검색 결과 없음)</translation>
    </message>
    <message>
        <source>(no system results — keep the name “{name}”)</source>
        <translation>(검색 결과 없음 — “{name}” 이름 그대로)</translation>
    </message>
    <message>
        <source>same name</source>
        <translation>같은 이름</translation>
    </message>
    <message>
        <source>similar name — please check</source>
        <translation>비슷한 이름 — 확인하세요</translation>
    </message>
    <message>
        <source>chosen by hand</source>
        <translation>직접 고름</translation>
    </message>
    <message>
        <source>no system results with this name</source>
        <translation>이 이름의 시스템 결과 없음</translation>
    </message>
    <message>
        <source>{answers} answers, {ratings} ratings</source>
        <translation>답변 {answers}개, 평가 {ratings}개</translation>
    </message>
    <message>
        <source>Checks: {levels}</source>
        <translation>검사: {levels}</translation>
    </message>
    <message>
        <source>{answers} answers of {systems} systems, {ratings} ratings{rubric}.</source>
        <translation>시스템 {systems}개의 답변 {answers}개, 평가 {ratings}개{rubric}.</translation>
    </message>
    <message>
        <source>, and a rubric</source>
        <translation>, 루브릭</translation>
    </message>
    <message>
        <source>Two systems of the file now share “{name}”: their answers are merged.</source>
        <translation>파일의 두 시스템이 “{name}” 하나로 이어져 답변이 합쳐집니다.</translation>
    </message>
</context>
<context>
    <name>AnswerPage</name>
    <message>
        <source>Answers</source>
        <extracomment>a new answer report is shown (for tests and screenshots)</extracomment>
        <translation>답변</translation>
    </message>
    <message>
        <source>Open answers or ratings…</source>
        <translation>답변·평가 파일 열기…</translation>
    </message>
    <message>
        <source>An Excel, CSV or JSON file of the systems&apos; answers, or of their ratings.</source>
        <translation>시스템이 쓴 답변이나 그 평가가 담긴 Excel, CSV, JSON 파일입니다.</translation>
    </message>
    <message>
        <source>Save ratings…</source>
        <translation>평가 저장…</translation>
    </message>
    <message>
        <source>Every rating and the rubric as a workbook that opens again here.</source>
        <translation>모든 평가와 루브릭을 여기서 다시 열 수 있는 통합 문서로 저장합니다.</translation>
    </message>
    <message>
        <source>Close answer files</source>
        <translation>답변 파일 닫기</translation>
    </message>
    <message>
        <source>Take the answer files out; the ratings given here and the rubric stay.</source>
        <translation>답변 파일을 뺍니다. 여기서 매긴 평가와 루브릭은 남습니다.</translation>
    </message>
    <message>
        <source>Blind rating (hide system names)</source>
        <translation>블라인드 평가 (시스템 이름 숨김)</translation>
    </message>
    <message>
        <source>Rate without knowing which system wrote which answer: names are hidden and the answers are shuffled per question. The results and raters tabs wait until it is off.</source>
        <translation>어느 시스템이 쓴 답변인지 모르는 채로 평가합니다. 이름을 숨기고 질문마다 답변 순서를 섞습니다. 결과와 평가자 탭은 이 모드를 끌 때까지 기다립니다.</translation>
    </message>
    <message>
        <source>Change…</source>
        <translation>바꾸기…</translation>
    </message>
    <message>
        <source>The name your ratings are saved under.</source>
        <translation>내 평가가 저장되는 이름입니다.</translation>
    </message>
    <message>
        <source>Review</source>
        <translation>답변 검토</translation>
    </message>
    <message>
        <source>Results</source>
        <translation>결과</translation>
    </message>
    <message>
        <source>Raters</source>
        <translation>평가자 일치</translation>
    </message>
    <message>
        <source>Rubric</source>
        <translation>루브릭</translation>
    </message>
    <message>
        <source>Rater: {name}</source>
        <translation>평가자: {name}</translation>
    </message>
    <message>
        <source>Rater: (no name yet)</source>
        <translation>평가자: (이름 없음)</translation>
    </message>
    <message>
        <source>{files} · {systems} systems · {answers} answers · {ratings} ratings</source>
        <translation>{files} · 시스템 {systems}개 · 답변 {answers}개 · 평가 {ratings}개</translation>
    </message>
    <message>
        <source>Open the judgments and the system results first; then the answers the systems wrote, to rate them and check every citation.</source>
        <translation>먼저 정답 판정과 시스템 결과를 여세요. 그다음 시스템이 쓴 답변을 열면 답변을 평가하고 모든 인용을 점검할 수 있습니다.</translation>
    </message>
    <message>
        <source>Open the answers the systems wrote (one sheet per system, or a 시스템 column: 질문ID, 답변, 인용) to rate them with the rubric and check every citation against the results and the judgments.</source>
        <translation>시스템이 쓴 답변(시스템마다 한 시트, 또는 시스템 열: 질문ID, 답변, 인용)을 열면 루브릭으로 평가하고, 모든 인용을 검색 결과와 정답 판정에 비추어 점검합니다.</translation>
    </message>
    <message>
        <source>Checking the answers…</source>
        <translation>답변을 점검하는 중…</translation>
    </message>
    <message>
        <source>Open answers or ratings</source>
        <translation>답변·평가 파일 열기</translation>
    </message>
    <message>
        <source>Answer files (*.xlsx *.xlsm *.xls *.ods *.csv *.tsv *.json *.jsonl);;All files (*)</source>
        <translation>답변 파일 (*.xlsx *.xlsm *.xls *.ods *.csv *.tsv *.json *.jsonl);;모든 파일 (*)</translation>
    </message>
    <message>
        <source>Save ratings</source>
        <translation>평가 저장</translation>
    </message>
    <message>
        <source>answer ratings.xlsx</source>
        <translation>답변 평가.xlsx</translation>
    </message>
    <message>
        <source>Excel workbook (*.xlsx)</source>
        <translation>Excel 통합 문서 (*.xlsx)</translation>
    </message>
    <message>
        <source>Saved {name}.</source>
        <translation>{name} 파일을 저장했습니다.</translation>
    </message>
</context>
<context>
    <name>AnswerReviewPanel</name>
    <message>
        <source>Worst first by</source>
        <extracomment>the current question changed the keyboard&apos;s place: the answer (system key, &quot;&quot; = the first column) and criterion lines of passage text the gold evidence shows at any font size</extracomment>
        <translation>낮은 순 기준</translation>
    </message>
    <message>
        <source>Search question id or text…</source>
        <translation>질문ID나 질문 내용 검색…</translation>
    </message>
    <message>
        <source>Flagged only</source>
        <translation>표시한 질문만</translation>
    </message>
    <message>
        <source>◀ Previous</source>
        <translation>◀ 이전</translation>
    </message>
    <message>
        <source>Previous question (K or Alt+Up)</source>
        <translation>이전 질문 (K 또는 Alt+↑)</translation>
    </message>
    <message>
        <source>Next ▶</source>
        <translation>다음 ▶</translation>
    </message>
    <message>
        <source>Next question (J or Alt+Down)</source>
        <translation>다음 질문 (J 또는 Alt+↓)</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>되돌리기</translation>
    </message>
    <message>
        <source>Undo the last change (Ctrl+Z)</source>
        <translation>마지막 변경 되돌리기 (Ctrl+Z)</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>다시 하기</translation>
    </message>
    <message>
        <source>Redo (Ctrl+Shift+Z)</source>
        <translation>다시 하기 (Ctrl+Shift+Z)</translation>
    </message>
    <message>
        <source>Gold evidence</source>
        <translation>정답 근거</translation>
    </message>
    <message>
        <source>Cited passage</source>
        <translation>인용한 문단</translation>
    </message>
    <message>
        <source>Click an answer or use ← → to choose it and ↑ ↓ for the criterion; press 0–3 to rate (Delete takes it back). Click a citation to read the passage. J / K: next / previous question.</source>
        <translation>답변을 클릭하거나 ← → 로 고르고 ↑ ↓ 로 기준을 고른 뒤 0–3을 누르면 평가됩니다(Delete는 취소). 인용을 클릭하면 그 문단을 읽을 수 있습니다. J / K: 다음 / 이전 질문.</translation>
    </message>
    <message>
        <source>Mean rating (0–3)</source>
        <translation>평가 평균 (0–3)</translation>
    </message>
    <message>
        <source>Citation precision (0–1)</source>
        <translation>인용 정밀도 (0–1)</translation>
    </message>
    <message>
        <source>Core evidence coverage (0–1)</source>
        <translation>핵심 근거 포함률 (0–1)</translation>
    </message>
    <message>
        <source>All question types</source>
        <translation>모든 질문 유형</translation>
    </message>
    <message>
        <source>Answerable and unanswerable</source>
        <translation>답변 가능·불가 모두</translation>
    </message>
    <message>
        <source>Answerable only</source>
        <translation>답변 가능한 질문만</translation>
    </message>
    <message>
        <source>Unanswerable only</source>
        <translation>답변 불가 질문만</translation>
    </message>
    <message>
        <source>All questions</source>
        <translation>모든 질문</translation>
    </message>
    <message>
        <source>With an automatic flag</source>
        <translation>자동 점검에 걸린 질문</translation>
    </message>
    <message>
        <source>Not yet rated by me</source>
        <translation>내가 아직 평가하지 않은 질문</translation>
    </message>
    <message>
        <source>Raters disagree</source>
        <translation>평가자 점수가 다른 질문</translation>
    </message>
    <message>
        <source>Answers shown: {n} of {total} ▾</source>
        <translation>보이는 답변: {total}개 중 {n}개 ▾</translation>
    </message>
    <message>
        <source>Choose the 2–4 systems whose answers are shown.</source>
        <translation>답변을 나란히 볼 시스템 2–4개를 고르세요.</translation>
    </message>
    <message>
        <source>{0} of {1} questions shown</source>
        <translation>질문 {1}개 중 {0}개 표시</translation>
    </message>
    <message>
        <source>no type</source>
        <translation>유형 없음</translation>
    </message>
    <message>
        <source>answerable</source>
        <translation>답변 가능</translation>
    </message>
    <message>
        <source>unanswerable</source>
        <translation>답변 불가</translation>
    </message>
    <message>
        <source>(no question text in the files)</source>
        <translation>(파일에 질문 내용이 없음)</translation>
    </message>
    <message>
        <source>Passage</source>
        <translation>문단</translation>
    </message>
    <message>
        <source>Grade</source>
        <translation>등급</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>역할</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>출처</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>본문</translation>
    </message>
    <message>
        <source>This passage is in no passages sheet, judgment or system result: the citation may be made up.</source>
        <translation>이 문단은 문단 시트, 정답 판정, 어떤 시스템 결과에도 없습니다. 지어낸 인용일 수 있습니다.</translation>
    </message>
    <message>
        <source>in the results of {answer}: {rank}</source>
        <translation>{answer}의 검색 결과에서: {rank}</translation>
    </message>
    <message>
        <source>(no passage text in the files)</source>
        <translation>(파일에 문단 본문이 없음)</translation>
    </message>
    <message>
        <source>Note on the rating</source>
        <translation>평가 메모</translation>
    </message>
    <message>
        <source>Note on “{criterion}” of {answer}:</source>
        <translation>{answer}의 “{criterion}” 평가에 대한 메모:</translation>
    </message>
</context>
<context>
    <name>AnswerRoles</name>
    <message>
        <source>(ignore)</source>
        <extracomment>what each use of a sheet needs</extracomment>
        <translation>(무시)</translation>
    </message>
    <message>
        <source>Score: {criterion}</source>
        <translation>점수: {criterion}</translation>
    </message>
    <message>
        <source>Question ID</source>
        <translation>질문ID</translation>
    </message>
    <message>
        <source>System</source>
        <translation>시스템</translation>
    </message>
    <message>
        <source>Answer</source>
        <translation>답변</translation>
    </message>
    <message>
        <source>Citations</source>
        <translation>인용</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>모델</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>버전</translation>
    </message>
    <message>
        <source>Rater</source>
        <translation>평가자</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>메모</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>평가시각</translation>
    </message>
    <message>
        <source>Criterion</source>
        <translation>기준</translation>
    </message>
    <message>
        <source>Score or level</source>
        <translation>점수·수준</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>설명</translation>
    </message>
    <message>
        <source>Criterion key</source>
        <translation>기준 키</translation>
    </message>
    <message>
        <source>Applies to</source>
        <translation>적용 대상</translation>
    </message>
</context>
<context>
    <name>AppState</name>
    <message>
        <source>Computing scores…</source>
        <extracomment>the set of loaded files or systems changed (judgments replaced, run added, removed or renamed, a new study) new results are ready (also emitted with None when data was cleared) the user&apos;s work changed: grades, resolutions, notes, flags, names (autosave) (busy, text) while an evaluation runs an evaluation failed; the payload is the exception an edit was taken back (Ctrl+Z); the payload is the edit, so a page can show it answer files were added or removed (the answers&apos; own edits emit work_changed) a new study or a new judgments file: what a page chose on the old data — filters, selections, questions chosen on another page, a baseline — no longer applies, and every page starts afresh (emitted before data_changed) the name grades, decisions, pools and ratings are filed under changed every page&apos;s edits, in the order they were made the Compare page&apos;s latest comparisons (for the Overview marks and the report); cleared with every new result until the Compare page recomputes them the name grades given in the app are saved under; a callable, so a change of the setting counts at once keeps a new name (the window keeps it in its settings) asks the user&apos;s name when none is known (the window&apos;s question); None where there is no window to ask from, and then nothing is recorded</extracomment>
        <translation>점수 계산 중…</translation>
    </message>
</context>
<context>
    <name>AssessorButton</name>
    <message>
        <source>Judging as: {name}</source>
        <translation>평가자: {name}</translation>
    </message>
    <message>
        <source>Judging as: (no name yet)</source>
        <translation>평가자: (아직 이름 없음)</translation>
    </message>
    <message>
        <source>Grades, decisions, pools and ratings are recorded under this name. Click to change it.</source>
        <translation>등급, 결정, 판정 풀, 답변 평가가 이 이름으로 기록됩니다. 눌러서 바꿀 수 있습니다.</translation>
    </message>
</context>
<context>
    <name>BusyIndicator</name>
    <message>
        <source>Cancel</source>
        <extracomment>the pages after Start, in sidebar order: (key, class, icon)</extracomment>
        <translation>취소</translation>
    </message>
    <message>
        <source>Computing scores…</source>
        <translation>점수 계산 중…</translation>
    </message>
</context>
<context>
    <name>ByAssessorBox</name>
    <message>
        <source>Grades</source>
        <extracomment>rows (the resolved grades, then one per assessor) shown before the table scrolls a new computation is shown (tests wait for it)</extracomment>
        <translation>등급</translation>
    </message>
    <message>
        <source>Questions</source>
        <translation>질문 수</translation>
    </message>
    <message>
        <source>Systems, best first</source>
        <translation>시스템 순서(높은 순)</translation>
    </message>
    <message>
        <source>Kendall&apos;s τ</source>
        <translation>켄달 τ</translation>
    </message>
    <message>
        <source>An assessor&apos;s grades alone score the questions that assessor graded any passage of; passages they did not grade count as not relevant. τ (τ-b, ties counted) compares each order with the order of the resolved grades: 1 = the same order, 0 = unrelated, −1 = reversed.</source>
        <translation>평가자 한 명의 등급만 쓸 때는 그 평가자가 문단을 하나라도 평가한 질문만 점수에 넣고, 그 평가자가 평가하지 않은 문단은 관련 없음으로 봅니다. τ(동점을 고려한 τ-b)는 각 순서를 합의된 등급의 순서와 비교합니다: 1 = 같은 순서, 0 = 관계없음, −1 = 정반대.</translation>
    </message>
    <message>
        <source>Each assessor&apos;s ranking ({measure})</source>
        <translation>평가자별 순위 ({measure})</translation>
    </message>
    <message>
        <source>{name}&apos;s grades alone</source>
        <translation>{name}의 등급만</translation>
    </message>
    <message>
        <source>Resolved grades</source>
        <translation>합의된 등급</translation>
    </message>
</context>
<context>
    <name>ByTypeChart</name>
    <message>
        <source>By question type</source>
        <translation>질문 유형별</translation>
    </message>
    <message>
        <source>(no type)</source>
        <translation>(유형 없음)</translation>
    </message>
    <message>
        <source>{system} · {type}
{metric} = {value}
n = {n} questions</source>
        <translation>{system} · {type}
{metric} = {value}
질문 {n}개</translation>
    </message>
    <message>
        <source>Metric:</source>
        <translation>지표:</translation>
    </message>
    <message>
        <source>{metric} by question type</source>
        <translation>질문 유형별 {metric}</translation>
    </message>
    <message>
        <source>Question type (number of questions)</source>
        <translation>질문 유형 (질문 수)</translation>
    </message>
</context>
<context>
    <name>CalibrationDialog</name>
    <message>
        <source>A calibration round needs two or more assessors.</source>
        <extracomment>how many passages a calibration round holds at first</extracomment>
        <translation>보정 라운드에는 평가자가 두 명 이상 필요합니다.</translation>
    </message>
    <message>
        <source>Start a calibration round</source>
        <translation>보정 라운드 시작</translation>
    </message>
    <message>
        <source>Before the real judging, every assessor grades the same passages, in the same order, spread over question types and grades. Comparing the grades shows where the manual is read differently, so it can be revised first. These grades are practice: they are not counted in the scores.</source>
        <translation>본 판정 전에 평가자 모두가 같은 문단을 같은 순서로 판정합니다. 문단은 질문 유형과 등급에 고루 퍼지게 고릅니다. 등급을 견주어 보면 매뉴얼을 다르게 읽는 곳이 드러나므로, 매뉴얼을 먼저 고칠 수 있습니다. 이 등급은 연습이므로 점수에 들어가지 않습니다.</translation>
    </message>
    <message>
        <source>Passages in the round:</source>
        <translation>라운드의 문단 수:</translation>
    </message>
    <message>
        <source>Assessors (one calibration pool each):</source>
        <translation>평가자 (한 사람마다 보정 풀 하나):</translation>
    </message>
    <message>
        <source>Other assessors (names, comma-separated):</source>
        <translation>다른 평가자 (이름, 쉼표로 구분):</translation>
    </message>
    <message>
        <source>Start the round</source>
        <translation>라운드 시작</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>취소</translation>
    </message>
</context>
<context>
    <name>CalibrationPanel</name>
    <message>
        <source>Practice: the round&apos;s grades are kept and shown here and in the report, but they are not counted in the scores nor in the Agreement page&apos;s figures.</source>
        <translation>연습: 라운드의 등급은 저장되어 여기와 보고서에 나오지만, 점수에도 평가자 일치도 화면의 수치에도 들어가지 않습니다.</translation>
    </message>
    <message>
        <source>The round&apos;s agreement shows once two assessors have graded its passages.</source>
        <translation>평가자 두 명이 라운드의 문단을 판정하면 일치도가 나타납니다.</translation>
    </message>
    <message>
        <source>Assessor A</source>
        <translation>평가자 A</translation>
    </message>
    <message>
        <source>Assessor B</source>
        <translation>평가자 B</translation>
    </message>
    <message>
        <source>Passages</source>
        <translation>문단 수</translation>
    </message>
    <message>
        <source>Same grade</source>
        <translation>같은 등급</translation>
    </message>
    <message>
        <source>Kappa</source>
        <translation>카파</translation>
    </message>
    <message>
        <source>Reading</source>
        <translation>해석</translation>
    </message>
    <message>
        <source>Weighted kappa</source>
        <translation>가중 카파</translation>
    </message>
    <message>
        <source>Calibration round {n}: {graded} of {total} assessors have graded</source>
        <translation>보정 라운드 {n}: 평가자 {total}명 중 {graded}명 판정</translation>
    </message>
    <message>
        <source>Krippendorff&apos;s alpha (ordinal): {alpha} — {reading}</source>
        <translation>크리펜도르프 알파(순서형): {alpha} — {reading}</translation>
    </message>
    <message>
        <source>Passages the assessors split on ({n}), furthest apart first:</source>
        <translation>등급이 갈린 문단 ({n}개, 차이가 큰 순):</translation>
    </message>
    <message>
        <source>The assessors gave every passage they both graded the same grade.</source>
        <translation>함께 판정한 문단마다 평가자들이 같은 등급을 주었습니다.</translation>
    </message>
    <message>
        <source>Question</source>
        <translation>질문</translation>
    </message>
    <message>
        <source>Passage</source>
        <translation>문단</translation>
    </message>
    <message>
        <source>Gap</source>
        <translation>등급 차이</translation>
    </message>
</context>
<context>
    <name>ChartWidget</name>
    <message>
        <source>Save chart…</source>
        <extracomment>text colour of axes, titles and notes one system&apos;s score on one measure (a bar of the scores chart): the questions are listed by it (question ids, a title naming the system / element) — open them in review height of the bottom axis in text lines (ticks + label) system name → its system card as text: the tooltip of a legend entry the left axis&apos;s ticks as the chart set them; fewer are labelled when the plot is too short for them all (see :meth:`_thin_left_ticks`)</extracomment>
        <translation>차트 저장…</translation>
    </message>
    <message>
        <source>Save this chart as a PNG or SVG image.</source>
        <translation>이 차트를 PNG 또는 SVG 그림으로 저장합니다.</translation>
    </message>
    <message>
        <source>Chart &apos;{name}&apos; · {element}</source>
        <extracomment>new data arrived while the chart was hidden: drawn when it is shown called before the chart is saved or clicked, so a page that hands it its data only when looked at (the Compare page) can hand over the latest first</extracomment>
        <translation>차트 &apos;{name}&apos; · {element}</translation>
    </message>
    <message>
        <source>Click to list these questions.</source>
        <translation>클릭하면 이 질문들을 보여 줍니다.</translation>
    </message>
    <message>
        <source>Save chart</source>
        <translation>차트 저장</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG image (*.svg)</source>
        <translation>PNG 그림 (*.png);;SVG 그림 (*.svg)</translation>
    </message>
    <message>
        <source>Chart not saved</source>
        <translation>차트를 저장하지 못했습니다</translation>
    </message>
    <message>
        <source>The chart could not be saved to {path}: {reason}. Choose another folder or close the file in other programs.</source>
        <translation>차트를 {path}에 저장하지 못했습니다: {reason}. 다른 폴더를 고르거나 다른 프로그램에서 그 파일을 닫으세요.</translation>
    </message>
</context>
<context>
    <name>Citations</name>
    <message>
        <source>rank {rank}</source>
        <translation>{rank}위</translation>
    </message>
    <message>
        <source>no system results to check</source>
        <translation>확인할 검색 결과 없음</translation>
    </message>
    <message>
        <source>removed by de-duplication</source>
        <translation>중복 제거로 빠짐</translation>
    </message>
    <message>
        <source>not retrieved</source>
        <translation>검색되지 않음</translation>
    </message>
</context>
<context>
    <name>ComparePage</name>
    <message>
        <source>Compare per question</source>
        <extracomment>whole rows of measures the list shows at any font size (it scrolls for more) the charts&apos; least height in lines of text: title, legend, a plot whose axis numbers (0.0 … 1.0) stand apart, and the axis title a comparison finished and is shown (the frame) :func:`decide`&apos;s rows for the comparisons shown (whether each is decided)</extracomment>
        <translation>비교 질문별</translation>
    </message>
    <message>
        <source>Compare differences</source>
        <translation>비교 차이 분포</translation>
    </message>
    <message>
        <source>Load at least two systems to compare them.</source>
        <translation>비교하려면 시스템을 두 개 이상 불러오세요.</translation>
    </message>
    <message>
        <source>Tick at least one metric.</source>
        <translation>지표를 하나 이상 고르세요.</translation>
    </message>
    <message>
        <source>Comparing…</source>
        <translation>비교하는 중…</translation>
    </message>
    <message>
        <source>The comparison could not be computed.</source>
        <translation>비교를 계산하지 못했습니다.</translation>
    </message>
    <message>
        <source>paired randomization test</source>
        <translation>대응 무작위화 검정</translation>
    </message>
    <message>
        <source>paired t-test</source>
        <translation>대응 t-검정</translation>
    </message>
    <message>
        <source>Wilcoxon signed-rank test</source>
        <translation>윌콕슨 부호순위 검정</translation>
    </message>
    <message>
        <source>Each system against {baseline}; {test}, Holm correction per metric, 95% bootstrap CI, seed {seed}. ▲/▼: significant at 0.05 after correction.</source>
        <translation>각 시스템을 {baseline:과} 비교; {test}, 지표별 Holm 보정, 95% 부트스트랩 신뢰구간, 시드 {seed}. ▲/▼: 보정 후 0.05 수준에서 유의함.</translation>
    </message>
    <message>
        <source>No further judging can change this conclusion.</source>
        <translation>더 판정해도 이 결론은 바뀌지 않습니다.</translation>
    </message>
    <message>
        <source>This conclusion may change with the grades of {n} unjudged passages.</source>
        <translation>이 결론은 미평가 문단 {n}개의 판정에 따라 바뀔 수 있습니다.</translation>
    </message>
    <message>
        <source>Over every grading of them, Δ lies in {range}.</source>
        <translation>어떻게 판정하든 Δ는 {range} 안에 있습니다.</translation>
    </message>
    <message>
        <source>(nDCG: the ideal gain is held at its judged value.)</source>
        <translation>(nDCG: 이상적 이득은 판정된 값으로 고정합니다.)</translation>
    </message>
    <message>
        <source>(MAP: the range may be wider than the truth.)</source>
        <translation>(MAP: 범위가 실제보다 넓을 수 있습니다.)</translation>
    </message>
    <message>
        <source>{system} worse than {baseline} on {metric}</source>
        <translation>{metric}에서 {system:이} {baseline}보다 못함</translation>
    </message>
    <message>
        <source>{system} vs {baseline} on {metric}</source>
        <translation>{metric}: {system} 대 {baseline}</translation>
    </message>
    <message>
        <source>Compare · {what}</source>
        <translation>시스템 비교 · {what}</translation>
    </message>
    <message>
        <source>Baseline:</source>
        <translation>기준 시스템:</translation>
    </message>
    <message>
        <source>Every other system is compared with this one.</source>
        <translation>다른 모든 시스템을 이 시스템과 비교합니다.</translation>
    </message>
    <message>
        <source>Test:</source>
        <translation>검정:</translation>
    </message>
    <message>
        <source>Metrics:</source>
        <translation>지표:</translation>
    </message>
    <message>
        <source>Questions it loses</source>
        <translation>지는 질문</translation>
    </message>
    <message>
        <source>Open the questions where the selected system scores lower than the baseline.</source>
        <translation>고른 시스템의 점수가 기준보다 낮은 질문을 엽니다.</translation>
    </message>
    <message>
        <source>All questions of this pair</source>
        <translation>이 두 시스템의 모든 질문</translation>
    </message>
    <message>
        <source>How was this computed?</source>
        <translation>이 값은 어떻게 계산했나요?</translation>
    </message>
    <message>
        <source>The selected system&apos;s mean of this measure, worked through question by question.</source>
        <translation>고른 시스템의 이 지표 평균을 질문별로 풀어 보여 줍니다.</translation>
    </message>
    <message>
        <source>Double-click a row to open the questions where the system loses.</source>
        <translation>행을 두 번 클릭하면 그 시스템이 지는 질문을 엽니다.</translation>
    </message>
</context>
<context>
    <name>ComparisonModel</name>
    <message>
        <source>System</source>
        <extracomment>wait this long after the last change of a choice before recomputing per row: (the range of Δ over gradings as text, its low end, what it means) system name → its system card as text (tooltip of the system column)</extracomment>
        <translation>시스템</translation>
    </message>
    <message>
        <source>Metric</source>
        <translation>지표</translation>
    </message>
    <message>
        <source>n</source>
        <translation>n</translation>
    </message>
    <message>
        <source>Δ vs baseline</source>
        <translation>기준 대비 Δ</translation>
    </message>
    <message>
        <source>95% CI of Δ</source>
        <translation>Δ의 95% 신뢰구간</translation>
    </message>
    <message>
        <source>p</source>
        <translation>p</translation>
    </message>
    <message>
        <source>p (Holm)</source>
        <translation>p (Holm 보정)</translation>
    </message>
    <message>
        <source>Better / same / worse</source>
        <translation>나음 / 같음 / 못함</translation>
    </message>
    <message>
        <source>Δ if unjudged are graded</source>
        <translation>미평가 문단 판정 시 Δ</translation>
    </message>
    <message>
        <source>Mean of (system − baseline) over the questions both evaluate.</source>
        <translation>두 시스템이 모두 평가된 질문에서 (시스템 − 기준)의 평균입니다.</translation>
    </message>
    <message>
        <source>95% bootstrap confidence interval of Δ. If it excludes 0, the difference is unlikely to be chance.</source>
        <translation>Δ의 95% 부트스트랩 신뢰구간입니다. 0을 포함하지 않으면 차이가 우연일 가능성이 낮습니다.</translation>
    </message>
    <message>
        <source>Probability of a difference at least this large if the systems were equally good.</source>
        <translation>두 시스템이 똑같이 좋다면 이만큼 이상의 차이가 나올 확률입니다.</translation>
    </message>
    <message>
        <source>p-value corrected with Holm&apos;s method for comparing several systems on the same metric.</source>
        <translation>같은 지표에서 여러 시스템을 비교하므로 Holm 방법으로 보정한 p값입니다.</translation>
    </message>
    <message>
        <source>Questions where the system scores higher / the same / lower than the baseline.</source>
        <translation>시스템 점수가 기준보다 높은 / 같은 / 낮은 질문 수입니다.</translation>
    </message>
    <message>
        <source>The lowest and highest Δ any grading of the passages nobody judged could give (today they count as not relevant).</source>
        <translation>아무도 판정하지 않은 문단을 어떻게 판정하든 나올 수 있는 가장 낮은 Δ와 가장 높은 Δ (지금은 관련 없음으로 셉니다).</translation>
    </message>
</context>
<context>
    <name>CoverageChart</name>
    <message>
        <source>Judged coverage</source>
        <translation>평가 비율</translation>
    </message>
    <message>
        <source>{system}
{share} of the top {k} results are judged
(mean over {n} questions the system answered)</source>
        <translation>{system}
상위 {k}개 결과 중 {share}가 평가됨
(시스템이 답한 질문 {n}개의 평균)</translation>
    </message>
    <message>
        <source>Below 80%: judge more of its results before trusting a comparison.</source>
        <translation>80% 미만: 비교를 믿기 전에 결과를 더 평가하세요.</translation>
    </message>
    <message>
        <source>Click to list its questions, least judged first.</source>
        <translation>클릭하면 평가가 가장 덜 된 질문부터 보여 줍니다.</translation>
    </message>
    <message>
        <source>{system}: judged share of the top {k}</source>
        <translation>{system}: 상위 {k}개 중 평가된 비율</translation>
    </message>
    <message>
        <source>Judged@{k}: how much of each system&apos;s top {k} has a grade</source>
        <translation>Judged@{k}: 각 시스템 상위 {k}개 중 등급이 있는 비율</translation>
    </message>
    <message>
        <source>System</source>
        <translation>시스템</translation>
    </message>
    <message>
        <source>Judged share of the top {k}</source>
        <translation>상위 {k}개 중 평가된 비율</translation>
    </message>
    <message>
        <source>80%: below this line, do not trust the comparison</source>
        <translation>80%: 이 선 아래면 비교를 믿지 마세요</translation>
    </message>
    <message>
        <source>Unjudged passages count as not relevant. Below about 80% judged, a system&apos;s scores are probably too low and the comparison is not to be trusted: judge more of its top results first.</source>
        <translation>평가되지 않은 문단은 관련 없음으로 계산됩니다. 평가 비율이 약 80%보다 낮으면 시스템 점수가 실제보다 낮게 나올 수 있어 비교를 믿기 어렵습니다. 먼저 상위 결과를 더 평가하세요.</translation>
    </message>
</context>
<context>
    <name>CriterionRow</name>
    <message>
        <source>Note: {note}</source>
        <extracomment>what the &quot;Show&quot; filter can keep</extracomment>
        <translation>메모: {note}</translation>
    </message>
    <message>
        <source>Add a note</source>
        <translation>메모 달기</translation>
    </message>
    <message>
        <source>Not rated yet: press 0–3.</source>
        <translation>아직 평가하지 않음: 0–3을 누르세요.</translation>
    </message>
</context>
<context>
    <name>CurveChart</name>
    <message>
        <source>Over K</source>
        <translation>K에 따른 변화</translation>
    </message>
    <message>
        <source>{system}
{metric} = {value}
n = {n} questions</source>
        <translation>{system}
{metric} = {value}
질문 {n}개</translation>
    </message>
    <message>
        <source>{count} questions have nothing relevant in the top {k}.</source>
        <translation>질문 {count}개는 상위 {k}개 안에 관련 문단이 없습니다.</translation>
    </message>
    <message>
        <source>{system}: nothing relevant in the top {k}</source>
        <translation>{system}: 상위 {k}개 안에 관련 문단 없음</translation>
    </message>
    <message>
        <source>Metric:</source>
        <translation>지표:</translation>
    </message>
    <message>
        <source>Recall@K: share of the relevant evidence found in the top K</source>
        <translation>Recall@K: 상위 K개에서 찾은 관련 근거의 비율</translation>
    </message>
    <message>
        <source>nDCG@K: ranking quality of the top K</source>
        <translation>nDCG@K: 상위 K개의 순위 품질</translation>
    </message>
    <message>
        <source>K (number of results read)</source>
        <translation>K (읽은 결과 수)</translation>
    </message>
    <message>
        <source>Markers show the K values of the settings.</source>
        <translation>표시점은 설정의 K 값입니다.</translation>
    </message>
</context>
<context>
    <name>DiagnosisPanel</name>
    <message>
        <source>Reading the numbers…</source>
        <extracomment>(question ids, where they were chosen: a LiveText that follows a language switch) the tab shows a new diagnosis (tests and screenshots wait for it) (finding, sentence label, questions button) of every finding shown (K values, button) of the &quot;add K&quot; buttons shown</extracomment>
        <translation>숫자를 읽는 중…</translation>
    </message>
    <message>
        <source>Hide thresholds</source>
        <translation>기준값 숨기기</translation>
    </message>
    <message>
        <source>Thresholds…</source>
        <translation>기준값…</translation>
    </message>
    <message>
        <source>Open judgments and runs to see what the numbers say.</source>
        <translation>판정 파일과 실행 결과를 열면 숫자가 무엇을 말하는지 보여 줍니다.</translation>
    </message>
    <message>
        <source>{n} findings for {systems} systems.</source>
        <translation>시스템 {systems}개에 대한 진단 {n}개.</translation>
    </message>
    <message>
        <source>Not checked ({n})</source>
        <translation>확인하지 못한 규칙 ({n})</translation>
    </message>
    <message>
        <source>Add K = {k} to the settings</source>
        <translation>설정의 K에 {k} 더하기</translation>
    </message>
    <message>
        <source>What the rule applies: {source}</source>
        <translation>이 규칙이 따르는 문장: {source}</translation>
    </message>
    <message>
        <source>Open the {n} questions in Question review</source>
        <translation>질문 {n}개를 질문별 검토에서 열기</translation>
    </message>
    <message>
        <source>No single questions behind this</source>
        <translation>이 진단에 해당하는 개별 질문 없음</translation>
    </message>
    <message>
        <source>System</source>
        <translation>시스템</translation>
    </message>
    <message>
        <source>Results per
question</source>
        <translation>질문당
결과 수</translation>
    </message>
    <message>
        <source>Recall at each K
of the settings</source>
        <translation>설정한 K마다의
Recall</translation>
    </message>
    <message>
        <source>Advised K</source>
        <translation>권하는 K</translation>
    </message>
    <message>
        <source>Recall at
the advised K</source>
        <translation>권하는 K에서의
Recall</translation>
    </message>
    <message>
        <source>Recall at
the depth</source>
        <translation>끝까지의
Recall</translation>
    </message>
    <message>
        <source>Still
growing</source>
        <translation>아직
늘어남</translation>
    </message>
    <message>
        <source>Passages per
question</source>
        <translation>질문당
문단 수</translation>
    </message>
    <message>
        <source>Passages
in all</source>
        <translation>전체
문단 수</translation>
    </message>
    <message>
        <source>Passages saved
in all</source>
        <translation>덜 쓰는
문단(전체)</translation>
    </message>
    <message>
        <source>Recall still rises by ε or more at the last step: more candidates may find more evidence.</source>
        <translation>마지막 단계에서도 Recall이 ε 이상 늘어납니다. 후보를 더 가져오면 근거를 더 찾을 수 있습니다.</translation>
    </message>
    <message>
        <source>Passages not passed on at the advised K, over every question.</source>
        <translation>권하는 K만큼만 넘길 때 모든 질문을 통틀어 덜 넘기는 문단 수입니다.</translation>
    </message>
    <message>
        <source>(no type)</source>
        <translation>(유형 없음)</translation>
    </message>
    <message>
        <source>Question type</source>
        <translation>질문 유형</translation>
    </message>
    <message>
        <source>Questions</source>
        <translation>질문 수</translation>
    </message>
    <message>
        <source>Core
missed</source>
        <translation>핵심
누락</translation>
    </message>
    <message>
        <source>Supporting
missed</source>
        <translation>보조
누락</translation>
    </message>
    <message>
        <source>Alternative
missed</source>
        <translation>대체
누락</translation>
    </message>
    <message>
        <source>Without role
missed</source>
        <translation>역할 없음
누락</translation>
    </message>
    <message>
        <source>Questions
missing core</source>
        <translation>핵심을 놓친
질문 수</translation>
    </message>
    <message>
        <source>Questions missing core
(double-click to open)</source>
        <translation>핵심 근거를 놓친 질문
(두 번 눌러 열기)</translation>
    </message>
    <message>
        <source>Relevant evidence not in the top {k}, by its role in the judgments. A core passage whose evidence group has an alternative in the top {k} counts as found. Double-click a row to open its questions that miss core evidence.</source>
        <translation>상위 {k}개에 들지 못한 관련 근거를 판정의 근거 역할별로 셉니다. 같은 근거 그룹의 대체 근거가 상위 {k}개에 있으면 핵심 근거는 찾은 것으로 봅니다. 행을 두 번 누르면 핵심 근거를 놓친 질문들을 엽니다.</translation>
    </message>
    <message>
        <source>The judgments have no evidence roles, so everything counts as without role.</source>
        <translation>판정에 근거 역할이 없어 모두 &apos;역할 없음&apos;으로 셉니다.</translation>
    </message>
    <message>
        <source>Question</source>
        <translation>질문</translation>
    </message>
    <message>
        <source>Question text</source>
        <translation>질문 내용</translation>
    </message>
    <message>
        <source>The lowest {measure} cases of each question type (double-click to open):</source>
        <translation>질문 유형마다 {measure} 점수가 가장 낮은 사례(두 번 눌러 열기):</translation>
    </message>
    <message>
        <source>Missed core evidence · {system} · {type}</source>
        <translation>핵심 근거 누락 · {system} · {type}</translation>
    </message>
    <message>
        <source>What the numbers suggest to fix, read with the rules of the study&apos;s articles (candidate search by Recall@K, reranking by MRR and nDCG@K, the final context by Precision@K). Each sentence names its numbers and thresholds; open its questions to see the cases.</source>
        <translation>연구 문서의 판단 기준(후보 검색은 Recall@K, 재순위는 MRR과 nDCG@K, 최종 컨텍스트는 Precision@K)으로 숫자를 읽어 먼저 고칠 곳을 알려 줍니다. 문장마다 근거가 된 숫자와 기준값을 밝히며, 해당 질문을 열어 사례를 볼 수 있습니다.</translation>
    </message>
    <message>
        <source>Back to the defaults</source>
        <translation>기본값으로 되돌리기</translation>
    </message>
    <message>
        <source>{help} Default: {default}.</source>
        <translation>{help} 기본값: {default}.</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>진단</translation>
    </message>
    <message>
        <source>How many to pass on (K)</source>
        <translation>몇 개를 넘길까 (K)</translation>
    </message>
    <message>
        <source>Missed evidence</source>
        <translation>놓친 근거</translation>
    </message>
    <message>
        <source>For each system, the smallest K of the settings after which Recall grows by less than ε per step (up to the results it returned): passing more passages to the model costs tokens and time for little more evidence.</source>
        <translation>시스템마다, 그 K 다음부터는 한 단계에 Recall이 ε보다 적게 늘어나는 가장 작은 K를 찾습니다(시스템이 돌려준 결과 수까지). 그보다 많이 넘기면 근거는 거의 늘지 않고 토큰과 시간만 더 듭니다.</translation>
    </message>
</context>
<context>
    <name>DifferenceHistogramChart</name>
    <message>
        <source>Differences per question</source>
        <translation>질문별 차이</translation>
    </message>
    <message>
        <source>{b} better</source>
        <translation>{b:이} 나음</translation>
    </message>
    <message>
        <source>{a} better</source>
        <translation>{a:이} 나음</translation>
    </message>
    <message>
        <source>about equal</source>
        <translation>거의 같음</translation>
    </message>
    <message>
        <source>{b} − {a} in [{low}, {high}): {count} questions ({side})</source>
        <translation>{b} − {a:이} [{low}, {high}) 구간: 질문 {count}개 ({side})</translation>
    </message>
    <message>
        <source>Difference per question: {b} − {a}</source>
        <translation>질문별 차이: {b} − {a}</translation>
    </message>
    <message>
        <source>{metric} difference (right of 0: {b} better)</source>
        <translation>{metric} 차이 (0의 오른쪽: {b:이} 나음)</translation>
    </message>
    <message>
        <source>Questions</source>
        <translation>질문 수</translation>
    </message>
</context>
<context>
    <name>Edits</name>
    <message>
        <source>Take back the grade of {passage} for {question}</source>
        <extracomment>QUndoCommand id of note edits, so consecutive edits of one question merge</extracomment>
        <translation>{question}의 {passage} 등급 취소</translation>
    </message>
    <message>
        <source>Grade {passage} as {grade} for {question}</source>
        <translation>{question}의 {passage}에 등급 {grade} 주기</translation>
    </message>
    <message>
        <source>Return {passage} of {question} to the rule</source>
        <translation>{question}의 {passage:을} 규칙대로 되돌리기</translation>
    </message>
    <message>
        <source>Resolve {passage} of {question} as {grade}</source>
        <translation>{question}의 {passage:을} 등급 {grade:으로} 조정</translation>
    </message>
    <message>
        <source>Flag {question}</source>
        <translation>{question} 표시</translation>
    </message>
    <message>
        <source>Unflag {question}</source>
        <translation>{question} 표시 해제</translation>
    </message>
    <message>
        <source>Edit note of {question}</source>
        <translation>{question} 메모 수정</translation>
    </message>
    <message>
        <source>Rename {old} to {new}</source>
        <translation>{old} 이름을 {new:으로} 바꾸기</translation>
    </message>
    <message>
        <source>Use the file&apos;s system card for {system}</source>
        <translation>{system}의 시스템 정보를 파일의 것으로 되돌리기</translation>
    </message>
    <message>
        <source>Edit the system card of {system}</source>
        <translation>{system}의 시스템 정보 고치기</translation>
    </message>
    <message>
        <source>Change the diagnosis thresholds</source>
        <translation>진단 기준값 바꾸기</translation>
    </message>
    <message>
        <source>Go back to the default evaluation manual</source>
        <translation>기본 평가 매뉴얼로 되돌리기</translation>
    </message>
    <message>
        <source>Edit the evaluation manual</source>
        <translation>평가 매뉴얼 고치기</translation>
    </message>
    <message>
        <source>Make a judging pool for {assessor}</source>
        <translation>{assessor}의 판정 풀 만들기</translation>
    </message>
    <message>
        <source>Remove the judging pool of {assessor}</source>
        <translation>{assessor}의 판정 풀 지우기</translation>
    </message>
    <message>
        <source>Start calibration round {round}</source>
        <translation>보정 라운드 {round} 시작</translation>
    </message>
    <message>
        <source>Read {n} calibration grades</source>
        <translation>보정 등급 {n}개 읽기</translation>
    </message>
    <message>
        <source>Take back the calibration grade of {passage} for {question}</source>
        <translation>{question}의 {passage} 보정 등급 취소</translation>
    </message>
    <message>
        <source>Calibration grade {grade} for {passage} of {question}</source>
        <translation>{question}의 {passage} 보정 등급 {grade}</translation>
    </message>
    <message>
        <source>Unmark {passage} of {question}</source>
        <translation>{question}의 {passage} 표시 지우기</translation>
    </message>
    <message>
        <source>Mark {passage} of {question} as cannot judge</source>
        <translation>{question}의 {passage:을} 판단 불가로 표시</translation>
    </message>
    <message>
        <source>Leave {passage} of {question} for later</source>
        <translation>{question}의 {passage:을} 나중에 판정</translation>
    </message>
    <message>
        <source>Take back the rating of {answer} for {question}</source>
        <translation>{question}의 {answer} 평가 취소</translation>
    </message>
    <message>
        <source>Rate {answer} for {question}: {criterion} {score}</source>
        <translation>{question}의 {answer} 평가: {criterion} {score}점</translation>
    </message>
    <message>
        <source>Return the rating of {answer} for {question} to the rule</source>
        <translation>{question}의 {answer} 평가를 규칙대로 되돌리기</translation>
    </message>
    <message>
        <source>Resolve the rating of {answer} for {question} as {score}</source>
        <translation>{question}의 {answer} 평가를 {score:으로} 조정</translation>
    </message>
    <message>
        <source>Edit the rubric</source>
        <translation>루브릭 수정</translation>
    </message>
    <message>
        <source>Change the answer settings</source>
        <translation>답변 평가 설정 변경</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>실행 취소</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>다시 실행</translation>
    </message>
    <message>
        <source>Undo: {what} (Ctrl+Z)</source>
        <translation>실행 취소: {what} (Ctrl+Z)</translation>
    </message>
    <message>
        <source>Redo: {what} (Ctrl+Shift+Z)</source>
        <translation>다시 실행: {what} (Ctrl+Shift+Z)</translation>
    </message>
</context>
<context>
    <name>Errors</name>
    <message>
        <source>The operation was cancelled. Nothing was changed.</source>
        <translation>작업을 취소했습니다. 아무것도 바뀌지 않았습니다.</translation>
    </message>
    <message>
        <source>The file {name} could not be opened because it is in use or protected. Close it in Excel (or any other program) and try again.</source>
        <translation>파일 {name:이} 사용 중이거나 보호되어 있어 열 수 없습니다. 엑셀(또는 다른 프로그램)에서 파일을 닫고 다시 시도하세요.</translation>
    </message>
    <message>
        <source>The file {name} was not found. It may have been moved or deleted.</source>
        <translation>파일 {name:을} 찾을 수 없습니다. 옮겨졌거나 지워졌을 수 있습니다.</translation>
    </message>
    <message>
        <source>The computer ran out of memory. Close other programs or use a smaller file.</source>
        <translation>컴퓨터 메모리가 부족합니다. 다른 프로그램을 닫거나 더 작은 파일을 사용하세요.</translation>
    </message>
    <message>
        <source>A file could not be read or written: {reason}</source>
        <translation>파일을 읽거나 쓰지 못했습니다: {reason}</translation>
    </message>
    <message>
        <source>the log file</source>
        <translation>로그 파일</translation>
    </message>
    <message>
        <source>Something went wrong inside the workbench. Your files were not changed. The details were written to {log}; please send that file to whoever maintains the workbench.</source>
        <translation>워크벤치 안에서 문제가 생겼습니다. 사용자의 파일은 바뀌지 않았습니다. 자세한 내용은 {log}에 기록했으니, 이 파일을 워크벤치 관리자에게 보내 주세요.</translation>
    </message>
    <message>
        <source>Workbench</source>
        <translation>워크벤치</translation>
    </message>
</context>
<context>
    <name>ExplainPanel</name>
    <message>
        <source>(no results)</source>
        <translation>(결과 없음)</translation>
    </message>
    <message>
        <source>{measure} of {system} on question {question}</source>
        <translation>{system}의 {measure} — 질문 {question}</translation>
    </message>
    <message>
        <source>Mean {measure} of {system}</source>
        <translation>{system}의 {measure} 평균</translation>
    </message>
    <message>
        <source>Formula</source>
        <translation>공식</translation>
    </message>
    <message>
        <source>With this question’s numbers</source>
        <translation>이 질문의 숫자를 넣으면</translation>
    </message>
    <message>
        <source>The places the measure reads</source>
        <translation>이 지표가 읽는 순위</translation>
    </message>
    <message>
        <source>Ideal order (for IDCG)</source>
        <translation>이상적 순서 (IDCG)</translation>
    </message>
    <message>
        <source>Choose a question on the left to see its formula with its numbers.</source>
        <translation>왼쪽에서 질문을 고르면 그 질문의 숫자를 넣은 공식을 보여 줍니다.</translation>
    </message>
    <message>
        <source>How was this computed?</source>
        <translation>이 값은 어떻게 계산했나요?</translation>
    </message>
    <message>
        <source>Questions in this mean</source>
        <translation>이 평균에 들어간 질문</translation>
    </message>
    <message>
        <source>Back to the mean</source>
        <translation>평균으로 돌아가기</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>닫기</translation>
    </message>
</context>
<context>
    <name>ExportPage</name>
    <message>
        <source>Export</source>
        <extracomment>the layout size (logical pixels) every chart is drawn at for export, so the files look the same whatever the window size (or a tab never shown) was PNG width: twice the layout, sharp when printed or put into a slide characters Windows, macOS or Linux refuse in a file name, and control characters secondary text: dark enough to read at any size (WCAG AA on white) why a sheet cannot be written now a chart was saved: (charts done, charts in all) the folder &quot;Open folder&quot; shows (the last file&apos;s, or the charts folder) (charts saved, charts in all) of the last chart export what the user wants of each sheet; a sheet that does not apply is shown unchecked but comes back checked when it applies again</extracomment>
        <translation>내보내기</translation>
    </message>
    <message>
        <source>Save the results as files to keep or to pass on. Each file is new: nothing you loaded is ever changed.</source>
        <translation>결과를 파일로 저장해 보관하거나 다른 분께 전달하세요. 언제나 새 파일로 저장하며, 불러온 파일은 절대 바꾸지 않습니다.</translation>
    </message>
    <message>
        <source>Language of the files:</source>
        <translation>파일 언어:</translation>
    </message>
    <message>
        <source>Sheet names, headers and labels.</source>
        <translation>시트 이름, 머리글과 설명에 쓰는 언어입니다.</translation>
    </message>
    <message>
        <source>1. Excel report</source>
        <translation>1. 엑셀 보고서</translation>
    </message>
    <message>
        <source>One workbook with every score, the worst questions with their passages and the settings used — ready to hand to colleagues.</source>
        <translation>모든 점수, 점수가 낮은 질문과 그 문단, 사용한 설정을 한 통합 문서에 담습니다. 동료에게 그대로 전달할 수 있습니다.</translation>
    </message>
    <message>
        <source>Save report as…</source>
        <translation>보고서 저장…</translation>
    </message>
    <message>
        <source>Sheets to include:</source>
        <translation>넣을 시트:</translation>
    </message>
    <message>
        <source>Worst questions per system (Low-scoring sheet):</source>
        <translation>시스템별로 보여 줄 최저 점수 질문 수(낮은 점수 시트):</translation>
    </message>
    <message>
        <source>2. Judgments with your new grades</source>
        <translation>2. 새 등급을 더한 평가 파일</translation>
    </message>
    <message>
        <source>The judgments file with the grades you added in this app and the disagreements you resolved by hand, as a new Excel file. The original file is never changed.</source>
        <translation>이 앱에서 새로 매긴 등급과 직접 조정한 이견을 평가 파일에 더해 새 엑셀 파일로 저장합니다. 원본 파일은 바뀌지 않습니다.</translation>
    </message>
    <message>
        <source>Save judgments as…</source>
        <translation>평가 파일 저장…</translation>
    </message>
    <message>
        <source>3. Per-question table (CSV)</source>
        <translation>3. 질문별 점수표(CSV)</translation>
    </message>
    <message>
        <source>One row per question and system with every score, for Excel, R or Python. Saved as UTF-8 with BOM, so Excel shows Korean text correctly.</source>
        <translation>질문과 시스템마다 한 줄씩 모든 점수를 담습니다(엑셀, R, 파이썬용). BOM이 있는 UTF-8로 저장하므로 엑셀에서 한글이 바르게 보입니다.</translation>
    </message>
    <message>
        <source>Save CSV as…</source>
        <translation>CSV 저장…</translation>
    </message>
    <message>
        <source>4. Charts</source>
        <translation>4. 차트</translation>
    </message>
    <message>
        <source>Save every chart as PNG and SVG into a folder: PNG for documents and slides, SVG to scale without blur. The charts look as they do on screen, in the language of the screen; the Compare page&apos;s two charts are included once a comparison is chosen there.</source>
        <translation>모든 차트를 PNG와 SVG 파일로 한 폴더에 저장합니다. PNG는 문서와 발표 자료에 넣기 좋고, SVG는 크기를 바꿔도 흐려지지 않습니다. 차트는 화면에 보이는 모습 그대로, 화면의 언어로 저장됩니다. 시스템 비교 화면의 차트 두 개는 그 화면에서 비교할 항목을 고르면 함께 저장됩니다.</translation>
    </message>
    <message>
        <source>Save charts to folder…</source>
        <translation>차트를 폴더에 저장…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>취소</translation>
    </message>
    <message>
        <source>Open folder</source>
        <translation>폴더 열기</translation>
    </message>
    <message>
        <source>Open file</source>
        <translation>파일 열기</translation>
    </message>
    <message>
        <source>Choose another name…</source>
        <translation>다른 이름으로 저장…</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>닫기</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>요약</translation>
    </message>
    <message>
        <source>First evidence</source>
        <translation>첫 근거</translation>
    </message>
    <message>
        <source>Unjudged ranges</source>
        <translation>미평가 범위</translation>
    </message>
    <message>
        <source>Diagnosis</source>
        <translation>진단</translation>
    </message>
    <message>
        <source>Per question</source>
        <translation>질문별</translation>
    </message>
    <message>
        <source>By question type</source>
        <translation>유형별</translation>
    </message>
    <message>
        <source>Low-scoring questions</source>
        <translation>낮은 점수</translation>
    </message>
    <message>
        <source>Missed evidence by role</source>
        <translation>역할별 놓친 근거</translation>
    </message>
    <message>
        <source>Significance</source>
        <translation>유의성</translation>
    </message>
    <message>
        <source>Assessor agreement</source>
        <translation>평가자 일치도</translation>
    </message>
    <message>
        <source>Calibration rounds</source>
        <translation>보정 라운드</translation>
    </message>
    <message>
        <source>Abstention</source>
        <translation>답변 보류</translation>
    </message>
    <message>
        <source>Evaluation manual</source>
        <translation>평가 매뉴얼</translation>
    </message>
    <message>
        <source>System cards</source>
        <translation>시스템 정보</translation>
    </message>
    <message>
        <source>Stages of a pipeline</source>
        <translation>파이프라인 단계</translation>
    </message>
    <message>
        <source>Answer ratings</source>
        <translation>답변 평가</translation>
    </message>
    <message>
        <source>Citation checks</source>
        <translation>인용 점검</translation>
    </message>
    <message>
        <source>Decisions</source>
        <translation>결정 기록</translation>
    </message>
    <message>
        <source>How measures are computed</source>
        <translation>계산 방법</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>설정</translation>
    </message>
    <message>
        <source>Systems × measures, question counts, warnings and two charts.</source>
        <translation>시스템 × 지표 표, 질문 수, 경고와 차트 두 개.</translation>
    </message>
    <message>
        <source>Per system, the share of questions whose first relevant passage is at rank 1, in the top 3, later, or not found.</source>
        <translation>시스템별로, 첫 관련 문단이 1위, 3위 안, 그 뒤에 있거나 찾지 못한 질문의 비율.</translation>
    </message>
    <message>
        <source>Each mean as it is now and with every retrieved passage nobody judged taken as not relevant and as the top grade: how much judging could still move it.</source>
        <translation>지금의 평균과, 검색되었지만 아무도 판정하지 않은 문단을 모두 관련 없음으로 볼 때와 모두 최고 등급으로 볼 때의 평균: 더 판정하면 얼마나 바뀔 수 있는지 보여 줍니다.</translation>
    </message>
    <message>
        <source>What the numbers suggest to fix, per system, with the thresholds used and how many passages to pass on.</source>
        <translation>시스템마다 숫자가 가리키는 고칠 곳, 사용한 기준값, 몇 개를 넘길지에 대한 조언입니다.</translation>
    </message>
    <message>
        <source>Core, supporting and alternative evidence each system missed, per question type, and the lowest cases.</source>
        <translation>시스템이 질문 유형별로 놓친 핵심·보조·대체 근거와 점수가 가장 낮은 사례입니다.</translation>
    </message>
    <message>
        <source>Retriever, models, chunking, K and stage of every system, and whether their Recall can be compared.</source>
        <translation>시스템마다 검색 방식, 모델, 청크 설정, K, 단계와 Recall을 서로 비교할 수 있는지입니다.</translation>
    </message>
    <message>
        <source>The measures of each stage side by side and the evidence a later stage dropped.</source>
        <translation>단계별 지표를 나란히 놓고, 다음 단계에서 빠진 근거를 보여 줍니다.</translation>
    </message>
    <message>
        <source>Every question&apos;s scores for every system, with its text, type and your notes.</source>
        <translation>질문마다 모든 시스템의 점수와 질문 내용, 유형, 메모.</translation>
    </message>
    <message>
        <source>Mean scores per question type, with the number of questions.</source>
        <translation>질문 유형별 평균 점수와 질문 수.</translation>
    </message>
    <message>
        <source>The worst questions of each system with their passages, grades and the evidence they missed.</source>
        <translation>시스템마다 점수가 가장 낮은 질문과 그 검색 문단, 등급, 놓친 근거.</translation>
    </message>
    <message>
        <source>Is a system really better than the baseline? Paired tests, confidence intervals, wins and losses.</source>
        <translation>한 시스템이 기준 시스템보다 정말 나은가? 대응 검정, 신뢰구간, 이김·짐.</translation>
    </message>
    <message>
        <source>How well the assessors agree: kappa and alpha per pair.</source>
        <translation>평가자끼리 얼마나 일치하는가: 쌍별 카파와 알파.</translation>
    </message>
    <message>
        <source>The passages every assessor graded in a calibration round, their agreement and the passages they split on (practice: not counted in the scores).</source>
        <translation>보정 라운드에서 평가자 모두가 판정한 문단, 그 일치도와 등급이 갈린 문단 (연습: 점수에 들어가지 않음).</translation>
    </message>
    <message>
        <source>How often each system returned nothing, on answerable and unanswerable questions.</source>
        <translation>답변 가능한 질문과 답변 불가 질문에서 각 시스템이 아무것도 돌려주지 않은 비율.</translation>
    </message>
    <message>
        <source>What each grade means, with examples, and the rule for “relevant” (θ).</source>
        <translation>등급마다의 뜻과 예시, ‘관련’의 기준(θ).</translation>
    </message>
    <message>
        <source>What the systems answered, rated with the rubric: means with confidence intervals, paired tests, the raters&apos; agreement, every rating.</source>
        <translation>시스템이 쓴 답변을 루브릭으로 평가한 결과: 신뢰구간이 있는 평균, 짝지은 검정, 평가자 일치도, 모든 평가.</translation>
    </message>
    <message>
        <source>Every citation checked against the results and the judgments: its grade, its rank in that system&apos;s results, made-up and unretrieved citations.</source>
        <translation>모든 인용을 검색 결과와 정답 판정에 비추어 점검한 결과: 인용 문단의 등급, 그 시스템의 검색 순위, 없는 문단과 검색되지 않은 문단의 인용.</translation>
    </message>
    <message>
        <source>Every grade decided by hand or given in the app or on a pool, every conversion confirmed and row left out, every answer rating, note and flag: who, when and why.</source>
        <translation>손으로 정한 등급, 앱이나 판정 풀에서 준 등급, 확인한 변환, 제외한 행, 답변 평가, 메모와 표시 — 하나하나 누가, 언제, 왜 정했는지.</translation>
    </message>
    <message>
        <source>Each measure&apos;s formula, and one question of this study worked through with its numbers (the same as How was this computed? in the app).</source>
        <translation>지표마다의 공식과, 이 연구의 한 질문에 숫자를 넣어 풀어 본 예(앱의 &apos;이 값은 어떻게 계산했나요?&apos;와 같음).</translation>
    </message>
    <message>
        <source>Every choice that changes a number, the input files with their checksums, and the judging pools.</source>
        <translation>숫자를 바꾸는 모든 설정, 입력 파일과 체크섬, 판정 풀.</translation>
    </message>
    <message>
        <source>Needs two or more systems to compare.</source>
        <translation>비교하려면 시스템이 둘 이상 있어야 합니다.</translation>
    </message>
    <message>
        <source>Needs grades from two or more assessors.</source>
        <translation>평가자가 두 명 이상이어야 합니다.</translation>
    </message>
    <message>
        <source>Needs two systems tagged as stages of one pipeline (Systems and stages page).</source>
        <translation>한 파이프라인의 단계로 표시된 시스템이 둘 이상 있어야 합니다(시스템과 단계 화면).</translation>
    </message>
    <message>
        <source>Needs a calibration round (Judging page).</source>
        <translation>보정 라운드가 있어야 합니다 (판정 화면).</translation>
    </message>
    <message>
        <source>Needs the systems&apos; answers (Answers page).</source>
        <translation>시스템의 답변이 필요합니다(답변 화면).</translation>
    </message>
    <message>
        <source>Nothing to export yet. Open a judgments file and at least one run on the Start page (or try the demo); the files can then be saved here.</source>
        <translation>아직 내보낼 것이 없습니다. 시작 화면에서 평가 파일과 시스템 결과를 하나 이상 여세요(또는 데모를 체험하세요). 그러면 여기에서 파일을 저장할 수 있습니다.</translation>
    </message>
    <message>
        <source>The judgments are loaded, so they can be saved with new grades. Open at least one run to export the report and the per-question table.</source>
        <translation>평가 파일을 불러왔으므로 새 등급과 함께 저장할 수 있습니다. 보고서와 질문별 점수표를 내보내려면 시스템 결과를 하나 이상 여세요.</translation>
    </message>
    <message>
        <source>The scores are not ready yet; the report can be saved once they are.</source>
        <translation>아직 점수가 준비되지 않았습니다. 점수가 나오면 보고서를 저장할 수 있습니다.</translation>
    </message>
    <message>
        <source>The scores are being recomputed; saving is possible again in a moment.</source>
        <translation>점수를 다시 계산하는 중입니다. 잠시 뒤에 다시 저장할 수 있습니다.</translation>
    </message>
    <message>
        <source>No judgments loaded.</source>
        <translation>불러온 평가 파일이 없습니다.</translation>
    </message>
    <message>
        <source>From {file}: {added} new grades, {resolved} resolved by hand.</source>
        <translation>{file} 기준: 새 등급 {added}건, 직접 조정 {resolved}건.</translation>
    </message>
    <message>
        <source>The charts can be saved once the scores are ready.</source>
        <translation>점수 계산이 끝나면 차트를 저장할 수 있습니다.</translation>
    </message>
    <message>
        <source>No charts to save.</source>
        <translation>저장할 차트가 없습니다.</translation>
    </message>
    <message>
        <source>{n} charts: {names}</source>
        <translation>차트 {n}개: {names}</translation>
    </message>
    <message>
        <source>Choose at least one sheet.</source>
        <translation>시트를 하나 이상 고르세요.</translation>
    </message>
    <message>
        <source>Save the Excel report</source>
        <translation>엑셀 보고서 저장</translation>
    </message>
    <message>
        <source>Save the judgments with new grades</source>
        <translation>새 등급을 더한 평가 파일 저장</translation>
    </message>
    <message>
        <source>Save the per-question table</source>
        <translation>질문별 점수표 저장</translation>
    </message>
    <message>
        <source>Excel workbook (*.xlsx)</source>
        <translation>엑셀 통합 문서 (*.xlsx)</translation>
    </message>
    <message>
        <source>CSV, UTF-8 (*.csv)</source>
        <translation>CSV, UTF-8 (*.csv)</translation>
    </message>
    <message>
        <source>Choose a folder for the charts</source>
        <translation>차트를 저장할 폴더 선택</translation>
    </message>
    <message>
        <source>The chart {name} could not be saved in {folder}: {reason}. {done} of {total} charts were saved. Choose another folder, or close the files in other programs.</source>
        <translation>차트 {name:을} {folder}에 저장하지 못했습니다: {reason}. 차트 {total}개 중 {done}개가 저장되었습니다. 다른 폴더를 고르거나, 다른 프로그램에서 열려 있는 파일을 닫으세요.</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>취소하는 중…</translation>
    </message>
    <message>
        <source>Running the significance tests…</source>
        <translation>유의성 검정을 하는 중…</translation>
    </message>
    <message>
        <source>Saving the Excel report {name}…</source>
        <translation>엑셀 보고서 {name} 저장 중…</translation>
    </message>
    <message>
        <source>Saving the judgments {name}…</source>
        <translation>평가 파일 {name} 저장 중…</translation>
    </message>
    <message>
        <source>Saving the per-question table {name}…</source>
        <translation>질문별 점수표 {name} 저장 중…</translation>
    </message>
    <message>
        <source>Saving the charts in {folder}: {done} of {total}…</source>
        <translation>{folder}에 차트를 저장하는 중: {total}개 중 {done}개…</translation>
    </message>
    <message>
        <source>Choose another folder…</source>
        <translation>다른 폴더 선택…</translation>
    </message>
    <message>
        <source>Saved {n} charts as PNG and SVG in {folder}</source>
        <translation>차트 {n}개를 PNG와 SVG로 저장했습니다: {folder}</translation>
    </message>
    <message>
        <source>Stopped after {done} of {total} charts; the files saved so far stay in {folder}.</source>
        <translation>차트 {total}개 중 {done}개를 저장하고 멈췄습니다. 이미 저장된 파일은 {folder}에 남아 있습니다.</translation>
    </message>
    <message>
        <source>Saved: {path}</source>
        <translation>저장했습니다: {path}</translation>
    </message>
    <message>
        <source>Cancelled. Nothing was saved.</source>
        <translation>취소했습니다. 아무것도 저장하지 않았습니다.</translation>
    </message>
</context>
<context>
    <name>GapLabel</name>
    <message>
        <source>⋮ {0} skipped</source>
        <translation>⋮ {0}개 건너뜀</translation>
    </message>
    <message>
        <source>Removed by the de-duplication policy: {0}</source>
        <translation>중복 제거 규칙으로 빠짐: {0}</translation>
    </message>
</context>
<context>
    <name>GuideWindow</name>
    <message>
        <source>Not found</source>
        <translation>찾지 못했습니다</translation>
    </message>
    <message>
        <source>{current} of {total}</source>
        <translation>{total}개 중 {current}번째</translation>
    </message>
    <message>
        <source>User guide</source>
        <translation>사용 안내</translation>
    </message>
    <message>
        <source>Find in the guide (Enter: next)</source>
        <translation>안내에서 찾기 (Enter: 다음 찾기)</translation>
    </message>
</context>
<context>
    <name>HistogramChart</name>
    <message>
        <source>Spread over questions</source>
        <translation>질문별 분포</translation>
    </message>
    <message>
        <source>{system}
{metric} in [{low}, {high}{close}
{count} questions</source>
        <translation>{system}
{metric} 구간 [{low}, {high}{close}
질문 {count}개</translation>
    </message>
    <message>
        <source>Metric:</source>
        <translation>지표:</translation>
    </message>
    <message>
        <source>How {metric} is spread over the questions</source>
        <translation>질문별 {metric} 분포</translation>
    </message>
    <message>
        <source>Questions</source>
        <translation>질문 수</translation>
    </message>
</context>
<context>
    <name>ImportDialog</name>
    <message>
        <source>Check and load a file</source>
        <extracomment>the whole-file check starts this long after the last change of a choice the preview is shown (or inspection failed); for tests and screenshots a load finished with problems (the list is shown) the whole-file check finished (its FileCheck is :attr:`check`) rows beyond the first ones were read into the preview table the file holds answers or ratings, not judgments or runs (its path): the dialog closes so that the Answers page&apos;s preview opens it one of several judgments files: propose the assessor from the file name the files opened together with this one (the main window&apos;s queue fills it) the latest whole-file check (core.io.FileCheck) and the options it was run with grade values refused by the check without conversions, and the grade the user chose for each (None: left as an error) rows the user chose to leave out (sheet → rows), and those offered sheet → the preview rows shown when not the first ones (rows_around)</extracomment>
        <translation>파일 확인 후 불러오기</translation>
    </message>
    <message>
        <source>Assessor:</source>
        <translation>평가자:</translation>
    </message>
    <message>
        <source>(none: one unnamed assessor)</source>
        <translation>(없음: 이름 없는 평가자 한 명)</translation>
    </message>
    <message>
        <source>This file has no assessor column. Its grades are saved under this name (proposed from the file name), so several assessors&apos; files can be compared.</source>
        <translation>이 파일에는 평가자 열이 없습니다. 이 파일의 등급은 이 이름(파일 이름에서 제안)으로 저장되어 여러 평가자의 파일을 비교할 수 있습니다.</translation>
    </message>
    <message>
        <source>This file holds:</source>
        <translation>이 파일의 내용:</translation>
    </message>
    <message>
        <source>Judgments (questions, passages, grades)</source>
        <translation>평가 (질문, 문단, 등급)</translation>
    </message>
    <message>
        <source>System results (ranked passages)</source>
        <translation>시스템 결과 (순위별 문단)</translation>
    </message>
    <message>
        <source>Sheet:</source>
        <translation>시트:</translation>
    </message>
    <message>
        <source>Use this sheet as:</source>
        <translation>이 시트의 용도:</translation>
    </message>
    <message>
        <source>Checks</source>
        <translation>점검 결과</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>취소</translation>
    </message>
    <message>
        <source>Load</source>
        <translation>불러오기</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>닫기</translation>
    </message>
    <message>
        <source>The first row of the table shows what each column holds. If a guess is wrong, choose the right meaning in its dropdown, or (ignore) for a column that is not needed. Then press Load.</source>
        <translation>표의 첫 줄은 각 열이 무엇을 담고 있는지 보여 줍니다. 추측이 틀렸으면 목록에서 맞는 뜻을 고르고, 필요 없는 열은 (무시)를 고르세요. 그다음 [불러오기]를 누르세요.</translation>
    </message>
    <message>
        <source>Go to row:</source>
        <translation>행으로 가기:</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>보기</translation>
    </message>
    <message>
        <source>Grades written another way</source>
        <translation>다르게 적힌 등급</translation>
    </message>
    <message>
        <source>Value in the file</source>
        <translation>파일의 값</translation>
    </message>
    <message>
        <source>Rows</source>
        <translation>행</translation>
    </message>
    <message>
        <source>Read as</source>
        <translation>읽을 등급</translation>
    </message>
    <message>
        <source>Reading the file…</source>
        <translation>파일 읽는 중…</translation>
    </message>
    <message>
        <source>Reading was cancelled.</source>
        <translation>읽기를 취소했습니다.</translation>
    </message>
    <message>
        <source>This file could not be read.</source>
        <translation>이 파일을 읽을 수 없습니다.</translation>
    </message>
    <message>
        <source>{sheet} (hidden)</source>
        <translation>{sheet} (숨김)</translation>
    </message>
    <message>
        <source>Ready. Check the columns, then press Load.</source>
        <translation>준비되었습니다. 열을 확인한 뒤 [불러오기]를 누르세요.</translation>
    </message>
    <message>
        <source>Judgments (grades)</source>
        <translation>평가 (등급)</translation>
    </message>
    <message>
        <source>Questions</source>
        <translation>질문</translation>
    </message>
    <message>
        <source>Passages</source>
        <translation>문단</translation>
    </message>
    <message>
        <source>System results</source>
        <translation>시스템 결과</translation>
    </message>
    <message>
        <source>System information (시스템 정보)</source>
        <translation>시스템 정보</translation>
    </message>
    <message>
        <source>Do not use</source>
        <translation>사용 안 함</translation>
    </message>
    <message>
        <source>Meaning</source>
        <translation>열의 뜻</translation>
    </message>
    <message>
        <source>Showing rows {first}–{last} of {total} rows.</source>
        <translation>전체 {total}행 중 {first}–{last}행을 보여 줍니다.</translation>
    </message>
    <message>
        <source>Showing the first {shown} of {total} rows.</source>
        <translation>전체 {total}행 중 처음 {shown}행을 보여 줍니다.</translation>
    </message>
    <message>
        <source>No problems found in the whole file.</source>
        <translation>파일 전체에서 문제를 찾지 못했습니다.</translation>
    </message>
    <message>
        <source>No problems found in the previewed rows.</source>
        <translation>미리 본 행에서 문제를 찾지 못했습니다.</translation>
    </message>
    <message>
        <source>Checks: checking every row of the file…</source>
        <translation>검사: 파일의 모든 행을 확인하는 중…</translation>
    </message>
    <message>
        <source>Every row was checked; nothing is loaded until the errors above are fixed, converted or left out.</source>
        <translation>모든 행을 확인했습니다. 위의 오류를 고치거나, 바꿔 읽거나, 빼기로 하기 전에는 아무것도 불러오지 않습니다.</translation>
    </message>
    <message>
        <source>The check was stopped; press Load to check the file and load it.</source>
        <translation>검사를 멈췄습니다. [불러오기]를 누르면 파일을 검사한 뒤 불러옵니다.</translation>
    </message>
    <message>
        <source>The file was not loaded. Fix the problems listed below, then press Load again.</source>
        <translation>파일을 불러오지 않았습니다. 아래 문제를 고친 뒤 [불러오기]를 다시 누르세요.</translation>
    </message>
    <message>
        <source>Loading was cancelled. Nothing was loaded.</source>
        <translation>불러오기를 취소했습니다. 아무것도 불러오지 않았습니다.</translation>
    </message>
    <message>
        <source>Row {row} is selected.</source>
        <translation>{row}행을 선택했습니다.</translation>
    </message>
    <message>
        <source>These grade cells are not a plain 0, 1, 2 or 3. Choose how to read each value (a suggestion is filled in where the number or the grade&apos;s name is plain to see; words such as 상/중/하 are yours to define), then tick the box below. Nothing is converted until you do; the conversions are listed in the warnings and the report, and kept in the project.</source>
        <translation>아래 등급 칸은 0, 1, 2, 3 숫자만으로 적혀 있지 않습니다. 값마다 어떻게 읽을지 고른 뒤 아래 상자에 표시하세요(숫자나 등급 이름이 분명한 값에는 제안이 채워져 있고, 상/중/하 같은 말은 직접 정하시면 됩니다). 표시하기 전에는 아무것도 바꾸지 않습니다. 바꾼 내용은 경고와 보고서에 적히고 프로젝트에 저장됩니다.</translation>
    </message>
    <message>
        <source>Checks of the whole file ({sheets} sheets, {rows} rows): {levels}</source>
        <translation>파일 전체 검사(시트 {sheets}개, {rows}행): {levels}</translation>
    </message>
    <message>
        <source>Checks of the whole file ({rows} rows): {levels}</source>
        <translation>파일 전체 검사({rows}행): {levels}</translation>
    </message>
    <message>
        <source>Checks: {levels}</source>
        <translation>검사: {levels}</translation>
    </message>
    <message>
        <source>Reading the rows around row {row}…</source>
        <translation>{row}행 주변을 읽는 중…</translation>
    </message>
    <message>
        <source>Row {row} holds no data; the rows nearest to it are shown.</source>
        <translation>{row}행에는 데이터가 없어 가장 가까운 행들을 보여 줍니다.</translation>
    </message>
    <message>
        <source>Checking every row of the file…</source>
        <translation>파일의 모든 행을 확인하는 중…</translation>
    </message>
    <message>
        <source>Every row was checked. Press Load to use the file.</source>
        <translation>모든 행을 확인했습니다. [불러오기]를 누르면 이 파일을 씁니다.</translation>
    </message>
    <message>
        <source>{n}: rows {rows}</source>
        <translation>{n}개: {rows}행</translation>
    </message>
    <message>
        <source>(leave as an error)</source>
        <translation>(오류로 둠)</translation>
    </message>
    <message>
        <source>Read these {n} values as chosen above ({rows} rows)</source>
        <translation>위에서 고른 대로 값 {n}개를 바꿔 읽기({rows}개 행)</translation>
    </message>
    <message>
        <source>Leave these {n} rows out: {rows} (they are listed in the warnings and the report)</source>
        <translation>이 {n}개 행은 빼고 읽기: {rows}행 (경고와 보고서에 적힙니다)</translation>
    </message>
</context>
<context>
    <name>JudgingPage</name>
    <message>
        <source>{n} passages that decide the comparisons</source>
        <extracomment>a filled pool workbook to read back as its assessor&apos;s grades (the window imports it) the page shows a new item (or none); for tests</extracomment>
        <translation>결론에 중요한 문단 {n}개</translation>
    </message>
    <message>
        <source>Pool:</source>
        <translation>판정 풀:</translation>
    </message>
    <message>
        <source>New pool…</source>
        <translation>새 풀…</translation>
    </message>
    <message>
        <source>A pool of the unjudged passages whose grades can still reverse a comparison between two systems, those that can move it most first (the Compare page&apos;s measures). Judged, they make the comparisons decided.</source>
        <translation>판정에 따라 두 시스템 비교의 결론이 아직 뒤집힐 수 있는 미평가 문단의 풀입니다. 결론을 가장 크게 움직일 수 있는 문단부터 담습니다(비교 화면의 지표 기준). 이 문단들을 판정하면 비교의 결론이 정해집니다.</translation>
    </message>
    <message>
        <source>How many passages the pool holds.</source>
        <translation>풀에 담을 문단 수입니다.</translation>
    </message>
    <message>
        <source>Start a calibration round…</source>
        <translation>보정 라운드 시작…</translation>
    </message>
    <message>
        <source>Before the real judging: every assessor grades the same passages, to see where the manual is read differently. The round&apos;s grades are practice and not counted in the scores.</source>
        <translation>본 판정 전에: 평가자 모두가 같은 문단을 판정해 매뉴얼을 다르게 읽는 곳을 찾습니다. 라운드의 등급은 연습이므로 점수에 들어가지 않습니다.</translation>
    </message>
    <message>
        <source>Why this grade? (optional; the team discusses it after the round)</source>
        <translation>왜 이 등급인가요? (선택, 라운드 뒤에 함께 논의합니다)</translation>
    </message>
    <message>
        <source>Remove pool</source>
        <translation>풀 지우기</translation>
    </message>
    <message>
        <source>Save for Excel…</source>
        <translation>엑셀용으로 저장…</translation>
    </message>
    <message>
        <source>A workbook for an assessor who only has Excel: the passages still to judge, a 0–3 dropdown, a note column and the manual; no system names, ranks or scores.</source>
        <translation>엑셀만 쓰는 평가자를 위한 통합 문서: 아직 판정할 문단, 0–3 선택 목록, 메모 열과 매뉴얼이 들어 있고 시스템 이름·순위·점수는 없습니다.</translation>
    </message>
    <message>
        <source>Read a filled workbook…</source>
        <translation>작성한 통합 문서 읽기…</translation>
    </message>
    <message>
        <source>Read an assessor&apos;s filled pool workbook back as their grades.</source>
        <translation>평가자가 작성한 판정 풀 통합 문서를 그 평가자의 등급으로 읽어 옵니다.</translation>
    </message>
    <message>
        <source>This pool:</source>
        <translation>이 풀:</translation>
    </message>
    <message>
        <source>This question:</source>
        <translation>이 질문:</translation>
    </message>
    <message>
        <source>Key {key}</source>
        <translation>{key} 키</translation>
    </message>
    <message>
        <source>Later [L]</source>
        <translation>나중에 [L]</translation>
    </message>
    <message>
        <source>Judge this passage after the others.</source>
        <translation>이 문단은 다른 문단을 다 본 뒤에 판정합니다.</translation>
    </message>
    <message>
        <source>Cannot judge… [X]</source>
        <translation>판단 불가… [X]</translation>
    </message>
    <message>
        <source>This passage cannot be judged (say why); it is not shown again.</source>
        <translation>이 문단은 판정할 수 없습니다(이유를 적습니다). 다시 나오지 않습니다.</translation>
    </message>
    <message>
        <source>Undo [Backspace]</source>
        <translation>되돌리기 [Backspace]</translation>
    </message>
    <message>
        <source>Take back the last judging step made on this page.</source>
        <translation>이 화면에서 한 마지막 판정을 되돌립니다.</translation>
    </message>
    <message>
        <source>Why can this passage not be judged? (e.g. the text is cut off)</source>
        <translation>이 문단을 판정할 수 없는 이유는? (예: 본문이 잘려 있음)</translation>
    </message>
    <message>
        <source>Cannot judge</source>
        <translation>판단 불가</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>취소</translation>
    </message>
    <message>
        <source>Keys: 0–3 grade · L later · X cannot judge · Backspace undo. Judge by the manual on the right; the systems are not shown on purpose.</source>
        <translation>키: 0–3 등급 · L 나중에 · X 판단 불가 · Backspace 되돌리기. 오른쪽 매뉴얼에 따라 판정하세요. 시스템은 일부러 보여 주지 않습니다.</translation>
    </message>
    <message>
        <source>All assessors</source>
        <translation>모든 평가자</translation>
    </message>
    <message>
        <source>{assessor} — calibration round {round}, {n} passages</source>
        <translation>{assessor} — 보정 라운드 {round}, 문단 {n}개</translation>
    </message>
    <message>
        <source>{assessor} — {n} passages</source>
        <translation>{assessor} — 문단 {n}개</translation>
    </message>
    <message>
        <source>Open judgments and system results, then make a judging pool for an assessor (New pool…).</source>
        <translation>판정 파일과 시스템 결과를 연 뒤 평가자의 판정 풀을 만드세요(새 풀…).</translation>
    </message>
    <message>
        <source>No judging pool yet. Make one for an assessor with New pool…: the passages the systems ranked highest that this assessor has not graded, one at a time, without system names, ranks or scores.</source>
        <translation>아직 판정 풀이 없습니다. 새 풀…로 평가자의 풀을 만드세요. 시스템들이 높은 순위에 올린 문단 가운데 이 평가자가 아직 판정하지 않은 것을 시스템 이름·순위·점수 없이 하나씩 보여 줍니다.</translation>
    </message>
    <message>
        <source>{assessor} has judged every passage of this pool: {graded} graded, {cannot} could not be judged. Thank you.</source>
        <translation>{assessor:이} 이 풀의 모든 문단을 판정했습니다: 등급 {graded}개, 판단 불가 {cannot}개. 수고하셨습니다.</translation>
    </message>
    <message>
        <source>Question {question} ({n} of {total} questions)</source>
        <translation>질문 {question} (질문 {total}개 중 {n}번째)</translation>
    </message>
    <message>
        <source>Passage {passage}</source>
        <translation>문단 {passage}</translation>
    </message>
    <message>
        <source>(the files give no text for this passage)</source>
        <translation>(파일에 이 문단의 본문이 없습니다)</translation>
    </message>
    <message>
        <source>You left this passage for later.</source>
        <translation>나중에 보기로 한 문단입니다.</translation>
    </message>
    <message>
        <source>{done} of {total} done ({graded} graded, {cannot} cannot judge) · {later} left for later</source>
        <translation>{total}개 중 {done}개 완료 (등급 {graded}개, 판단 불가 {cannot}개) · 나중에 {later}개</translation>
    </message>
    <message>
        <source>{done} of {total} passages</source>
        <translation>문단 {total}개 중 {done}개</translation>
    </message>
    <message>
        <source>{done} of {total}</source>
        <translation>{total}개 중 {done}개</translation>
    </message>
    <message>
        <source>Say in a few words why this passage cannot be judged.</source>
        <translation>이 문단을 판정할 수 없는 이유를 짧게 적어 주세요.</translation>
    </message>
    <message>
        <source>Nothing to undo.</source>
        <translation>되돌릴 것이 없습니다.</translation>
    </message>
    <message>
        <source>The last change was made elsewhere in the app; undo it on its page.</source>
        <translation>마지막 변경은 다른 화면에서 한 것입니다. 그 화면에서 되돌리세요.</translation>
    </message>
    <message>
        <source>A pool needs the assessor&apos;s name.</source>
        <translation>판정 풀에는 평가자 이름이 필요합니다.</translation>
    </message>
    <message>
        <source>Choose at least one question and one system.</source>
        <translation>질문과 시스템을 하나 이상 고르세요.</translation>
    </message>
    <message>
        <source>Nothing to judge</source>
        <translation>판정할 문단 없음</translation>
    </message>
    <message>
        <source>Every comparison is decided, or {assessor} has already graded every passage that could change one. No pool was made.</source>
        <translation>모든 비교의 결론이 이미 정해졌거나, {assessor:이} 결론을 바꿀 수 있는 문단을 이미 모두 판정했습니다. 풀을 만들지 않았습니다.</translation>
    </message>
    <message>
        <source>{assessor} has already graded every passage the chosen systems ranked in their top {depth}. No pool was made.</source>
        <translation>{assessor:은} 고른 시스템들의 상위 {depth}개 문단을 이미 모두 판정했습니다. 풀을 만들지 않았습니다.</translation>
    </message>
    <message>
        <source>The systems retrieved no passage, so no calibration round was made.</source>
        <translation>시스템이 검색한 문단이 없어 보정 라운드를 만들지 않았습니다.</translation>
    </message>
    <message>
        <source>pool_{assessor}.xlsx</source>
        <translation>판정풀_{assessor}.xlsx</translation>
    </message>
    <message>
        <source>Save the pool for Excel</source>
        <translation>판정 풀을 엑셀용으로 저장</translation>
    </message>
    <message>
        <source>Excel workbook (*.xlsx)</source>
        <translation>엑셀 통합 문서 (*.xlsx)</translation>
    </message>
    <message>
        <source>Saved {file}. Give it to {assessor}, then read it back here.</source>
        <translation>{file} 파일을 저장했습니다. {assessor}에게 전달한 뒤, 작성한 파일을 여기서 읽어 오세요.</translation>
    </message>
    <message>
        <source>Read a filled pool workbook</source>
        <translation>작성한 판정 풀 통합 문서 읽기</translation>
    </message>
    <message>
        <source>Read {n} calibration grades; {left} grades of passages outside this pool were left out.</source>
        <translation>보정 등급 {n}개를 읽었습니다. 이 풀에 없는 문단의 등급 {left}개는 뺐습니다.</translation>
    </message>
    <message>
        <source>Read {n} calibration grades.</source>
        <translation>보정 등급 {n}개를 읽었습니다.</translation>
    </message>
</context>
<context>
    <name>KAdvisorChart</name>
    <message>
        <source>{system}: advised K = {k} (Recall@{k} = {value}; Recall@{depth} = {full}). {per} passages per question, {total} in all.</source>
        <extracomment>the background task of this tab thresholds are applied this long after the last change of a spin box background of the stage tag of a finding (light, with dark text)</extracomment>
        <translation>{system}: 권하는 K = {k} (Recall@{k} = {value}, Recall@{depth} = {full}). 질문당 문단 {per}개, 전체 {total}개.</translation>
    </message>
    <message>
        <source>Recall@K: the star marks the advised K</source>
        <translation>Recall@K: 별표가 권하는 K입니다</translation>
    </message>
    <message>
        <source>K (passages passed on)</source>
        <translation>K (넘기는 문단 수)</translation>
    </message>
</context>
<context>
    <name>LifecycleQuestions</name>
    <message>
        <source>Start a new study?</source>
        <translation>새 연구를 시작할까요?</translation>
    </message>
    <message>
        <source>A study with system results ({systems}) is open. What is {file} for?</source>
        <translation>시스템 결과({systems})가 있는 연구가 열려 있습니다. {file} 파일을 어떻게 쓸까요?</translation>
    </message>
    <message>
        <source>Start a new study with it</source>
        <translation>이 파일로 새 연구 시작</translation>
    </message>
    <message>
        <source>Replace this study&apos;s judgments</source>
        <translation>이 연구의 판정 바꾸기</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>취소</translation>
    </message>
    <message>
        <source>A new study closes this one (its work is kept in its project file, or you are asked to save it). Replacing keeps the system results and scores them with the new judgments; the preview says before loading whether the new judgments judge the same questions.</source>
        <translation>새 연구를 시작하면 지금 연구를 닫습니다(작업은 프로젝트 파일에 남거나, 저장할지 묻습니다). 판정을 바꾸면 시스템 결과는 그대로 두고 새 판정으로 점수를 매깁니다. 새 판정이 같은 질문을 판정하는지는 불러오기 전에 미리보기가 알려 줍니다.</translation>
    </message>
    <message>
        <source>The demo&apos;s files and systems are closed, so your files start a study of their own (no demo systems, no renamed duplicates, no comparison with the demo&apos;s systems).</source>
        <translation>데모 파일과 시스템을 닫고, 내 파일로 새 연구를 시작합니다(데모 시스템도, 이름이 겹쳐 바뀐 시스템도, 데모 시스템과의 비교도 남지 않습니다).</translation>
    </message>
    <message>
        <source>The grades and notes given in the demo are not kept.</source>
        <translation>데모에서 매긴 등급과 메모는 남기지 않습니다.</translation>
    </message>
    <message>
        <source>Close the demo?</source>
        <translation>데모를 닫을까요?</translation>
    </message>
    <message>
        <source>Close the demo and open your file?</source>
        <translation>데모를 닫고 내 파일을 열까요?</translation>
    </message>
    <message>
        <source>Close the demo and open</source>
        <translation>데모를 닫고 열기</translation>
    </message>
    <message>
        <source>Replace the judgments?</source>
        <translation>평가 파일을 바꿀까요?</translation>
    </message>
    <message>
        <source>Replace the judgments with {file}?</source>
        <translation>평가 파일을 {file} 파일로 바꿀까요?</translation>
    </message>
    <message>
        <source>Replace, keep my work</source>
        <translation>바꾸고 작업은 남기기</translation>
    </message>
    <message>
        <source>Replace and drop my work</source>
        <translation>바꾸고 작업은 지우기</translation>
    </message>
    <message>
        <source>On the current judgments you gave {grades} grades, resolved {resolutions} items by hand and wrote {notes} notes or flags. Keep them (for a corrected copy of the same file), or drop them (for other judgments)?</source>
        <translation>지금 평가 파일에 대해 등급 {grades}개를 매기고, 항목 {resolutions}개를 직접 조정하고, 메모나 표시 {notes}개를 남기셨습니다. 같은 파일을 고친 것이면 남겨 두고, 다른 평가 파일이면 지우시겠어요?</translation>
    </message>
    <message>
        <source>Systems with the same names</source>
        <translation>이름이 같은 시스템</translation>
    </message>
    <message>
        <source>The study already has systems named {names}.</source>
        <translation>연구에 이미 {names} 시스템이 있습니다.</translation>
    </message>
    <message>
        <source>Replace them</source>
        <translation>바꾸기</translation>
    </message>
    <message>
        <source>Keep both</source>
        <translation>둘 다 두기</translation>
    </message>
    <message>
        <source>Rename the new ones…</source>
        <translation>새 시스템 이름 바꾸기…</translation>
    </message>
    <message>
        <source>Replace: the systems loaded before are taken out and these take their place. Keep both: the new ones are named like “{example} (2)”. Rename: you name the new ones.</source>
        <translation>바꾸기: 먼저 불러온 시스템을 빼고 새 시스템으로 대신합니다. 둘 다 두기: 새 시스템은 “{example} (2)”처럼 이름이 붙습니다. 이름 바꾸기: 새 시스템의 이름을 직접 정합니다.</translation>
    </message>
    <message>
        <source>Name the new system</source>
        <translation>새 시스템 이름</translation>
    </message>
    <message>
        <source>A new name for “{name}” of the new file:</source>
        <translation>새 파일의 “{name}”에 붙일 이름:</translation>
    </message>
    <message>
        <source>OK</source>
        <translation>확인</translation>
    </message>
    <message>
        <source>“{name}” is taken or empty; choose another name.</source>
        <translation>“{name}” 이름은 이미 쓰이거나 비어 있습니다. 다른 이름을 고르세요.</translation>
    </message>
    <message>
        <source>Save the work?</source>
        <translation>작업을 저장할까요?</translation>
    </message>
    <message>
        <source>Save the work as a project before closing? Without a project file, the files you opened, the settings, grades and notes are not kept.</source>
        <translation>닫기 전에 작업을 프로젝트로 저장할까요? 프로젝트 파일이 없으면 연 파일, 설정, 등급, 메모가 남지 않습니다.</translation>
    </message>
    <message>
        <source>Save project…</source>
        <translation>프로젝트 저장…</translation>
    </message>
    <message>
        <source>Close without saving</source>
        <translation>저장하지 않고 닫기</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Start</source>
        <extracomment>a project was opened (or restored) completely; for tests and screenshots the demo (or a project&apos;s sources) finished loading an import dialog was opened (for tests: the dialog) (path, kind, options, batch): files of one open share a ``batch`` — the first judgments file of a batch replaces those loaded unless ``add`` ask to save work without a project file before closing (the desktop app sets this; tests, screenshots and the smoke test close silently) this window wrote (or restored) the recovery file, so it may remove it; a recovery file of another session is left alone</extracomment>
        <translation>시작</translation>
    </message>
    <message>
        <source>Overview</source>
        <translation>전체 결과</translation>
    </message>
    <message>
        <source>Questions</source>
        <translation>질문별 검토</translation>
    </message>
    <message>
        <source>Judging</source>
        <translation>판정</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>시스템 비교</translation>
    </message>
    <message>
        <source>Systems and stages</source>
        <translation>시스템과 단계</translation>
    </message>
    <message>
        <source>Agreement</source>
        <translation>평가자 일치도</translation>
    </message>
    <message>
        <source>Answers</source>
        <translation>답변</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>내보내기</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>파일(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>보기(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>도움말(&amp;H)</translation>
    </message>
    <message>
        <source>New project</source>
        <translation>새 프로젝트</translation>
    </message>
    <message>
        <source>Close project</source>
        <translation>프로젝트 닫기</translation>
    </message>
    <message>
        <source>Open judgments…</source>
        <translation>평가 파일 열기…</translation>
    </message>
    <message>
        <source>Add another assessor&apos;s judgments…</source>
        <translation>다른 평가자의 판정 추가…</translation>
    </message>
    <message>
        <source>Add system results…</source>
        <translation>시스템 결과 추가…</translation>
    </message>
    <message>
        <source>Open answers or ratings…</source>
        <translation>답변·평가 파일 열기…</translation>
    </message>
    <message>
        <source>Open project…</source>
        <translation>프로젝트 열기…</translation>
    </message>
    <message>
        <source>Save project</source>
        <translation>프로젝트 저장</translation>
    </message>
    <message>
        <source>Save project as…</source>
        <translation>다른 이름으로 프로젝트 저장…</translation>
    </message>
    <message>
        <source>Save blank templates…</source>
        <translation>빈 양식 저장…</translation>
    </message>
    <message>
        <source>Try the demo</source>
        <translation>데모 체험하기</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>끝내기</translation>
    </message>
    <message>
        <source>User guide</source>
        <translation>사용 안내</translation>
    </message>
    <message>
        <source>About the workbench</source>
        <translation>워크벤치 정보</translation>
    </message>
    <message>
        <source>Recent files</source>
        <translation>최근 파일</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>언어</translation>
    </message>
    <message>
        <source>Font size</source>
        <translation>글자 크기</translation>
    </message>
    <message>
        <source>Normal</source>
        <translation>보통</translation>
    </message>
    <message>
        <source>Large</source>
        <translation>크게</translation>
    </message>
    <message>
        <source>Very large</source>
        <translation>아주 크게</translation>
    </message>
    <message>
        <source>Retrieval Evaluation Workbench</source>
        <translation>검색 평가 워크벤치</translation>
    </message>
    <message>
        <source>(none yet)</source>
        <translation>(아직 없음)</translation>
    </message>
    <message>
        <source>Clear the list</source>
        <translation>목록 지우기</translation>
    </message>
    <message>
        <source>Data files (*.xlsx *.xlsm *.xls *.ods *.csv *.tsv *.txt *.json *.qrels *.run *.trec)</source>
        <translation>데이터 파일 (*.xlsx *.xlsm *.xls *.ods *.csv *.tsv *.txt *.json *.qrels *.run *.trec)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>모든 파일 (*)</translation>
    </message>
    <message>
        <source>Open judgments files</source>
        <translation>판정 파일 열기</translation>
    </message>
    <message>
        <source>Add another assessor&apos;s judgments</source>
        <translation>다른 평가자의 판정 추가</translation>
    </message>
    <message>
        <source>Add system results</source>
        <translation>시스템 결과 추가</translation>
    </message>
    <message>
        <source>File not found</source>
        <translation>파일을 찾을 수 없음</translation>
    </message>
    <message>
        <source>{path} no longer exists. It was removed from the recent files.</source>
        <translation>{path:이} 더 이상 없습니다. 최근 파일 목록에서 뺐습니다.</translation>
    </message>
    <message>
        <source>Choose a folder for the blank templates</source>
        <translation>빈 양식을 저장할 폴더를 고르세요</translation>
    </message>
    <message>
        <source>Writing the templates…</source>
        <translation>양식 만드는 중…</translation>
    </message>
    <message>
        <source>Templates saved</source>
        <translation>양식을 저장했습니다</translation>
    </message>
    <message>
        <source>These files were written:
{files}</source>
        <translation>다음 파일을 만들었습니다:
{files}</translation>
    </message>
    <message>
        <source>The project was closed.</source>
        <translation>프로젝트를 닫았습니다.</translation>
    </message>
</context>
<context>
    <name>ManualDialog</name>
    <message>
        <source>Evaluation manual</source>
        <translation>평가 매뉴얼</translation>
    </message>
    <message>
        <source>Fix what each grade means before judging, with real examples, so every assessor judges by the same rule. The manual is saved with the project, shown beside every grading action and written into the report.</source>
        <translation>판정하기 전에 등급마다의 뜻을 실제 예시와 함께 정해 두어 모든 평가자가 같은 기준으로 판정하게 합니다. 매뉴얼은 프로젝트와 함께 저장되고, 판정하는 곳마다 옆에 보이며, 보고서에도 들어갑니다.</translation>
    </message>
    <message>
        <source>Grade {grade}</source>
        <translation>등급 {grade}</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>이름:</translation>
    </message>
    <message>
        <source>Definition:</source>
        <translation>정의:</translation>
    </message>
    <message>
        <source>Examples:</source>
        <translation>예시:</translation>
    </message>
    <message>
        <source>One example per line: a passage id (e.g. D012-03), or the passage&apos;s text.</source>
        <translation>한 줄에 예시 하나: 문단ID(예: D012-03) 또는 문단 본문.</translation>
    </message>
    <message>
        <source>What counts as relevant</source>
        <translation>무엇을 ‘관련’으로 볼까</translation>
    </message>
    <message>
        <source>Relevant from grade (θ):</source>
        <translation>관련으로 보는 등급(θ):</translation>
    </message>
    <message>
        <source>Rule:</source>
        <translation>기준:</translation>
    </message>
    <message>
        <source>Principles (one per line)</source>
        <translation>운영 원칙 (한 줄에 하나)</translation>
    </message>
    <message>
        <source>Use the seed table</source>
        <translation>연구 문서의 표 쓰기</translation>
    </message>
    <message>
        <source>Fill in the grade table and principles of the study&apos;s articles.</source>
        <translation>연구 문서의 등급 표와 운영 원칙으로 채웁니다.</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>저장</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>취소</translation>
    </message>
    <message>
        <source>Also compute the scores with θ = {new} (now {old})</source>
        <translation>점수도 θ = {new}로 계산 (지금은 {old})</translation>
    </message>
</context>
<context>
    <name>ManualPanel</name>
    <message>
        <source>Examples:</source>
        <extracomment>characters of an example passage&apos;s text shown in the panel between an example&apos;s passage id and its text in the editor</extracomment>
        <translation>예시:</translation>
    </message>
    <message>
        <source>Relevant from grade {theta} (θ)</source>
        <translation>등급 {theta} 이상이면 관련 (θ)</translation>
    </message>
    <message>
        <source>Principles</source>
        <translation>운영 원칙</translation>
    </message>
    <message>
        <source>Evaluation manual</source>
        <translation>평가 매뉴얼</translation>
    </message>
    <message>
        <source>Edit…</source>
        <translation>고치기…</translation>
    </message>
    <message>
        <source>Change the grade definitions, examples and θ</source>
        <translation>등급 정의, 예시, θ를 고칩니다</translation>
    </message>
</context>
<context>
    <name>MetricBarChart</name>
    <message>
        <source>Scores</source>
        <translation>점수</translation>
    </message>
    <message>
        <source>{system}
{metric} = {value}
95% CI {low} – {high}
n = {n} questions</source>
        <extracomment>emitted when the user ticks or unticks a metric (the new list)</extracomment>
        <translation>{system}
{metric} = {value}
95% 신뢰구간 {low} – {high}
질문 {n}개</translation>
    </message>
    <message>
        <source>{system}
{metric} = {value}
n = {n} questions</source>
        <translation>{system}
{metric} = {value}
질문 {n}개</translation>
    </message>
    <message>
        <source>Click to list its questions, worst first.</source>
        <translation>클릭하면 점수가 낮은 질문부터 보여 줍니다.</translation>
    </message>
    <message>
        <source>Mean score per system (with 95% confidence interval)</source>
        <translation>시스템별 평균 점수 (95% 신뢰구간 포함)</translation>
    </message>
    <message>
        <source>Metric</source>
        <translation>지표</translation>
    </message>
    <message>
        <source>Mean score</source>
        <translation>평균 점수</translation>
    </message>
    <message>
        <source>Metrics</source>
        <translation>지표</translation>
    </message>
    <message>
        <source>Choose the metrics shown as bars.</source>
        <translation>막대로 보여 줄 지표를 고르세요.</translation>
    </message>
</context>
<context>
    <name>MetricColumnChooser</name>
    <message>
        <source>Others (MRR, MAP, R-Prec)</source>
        <translation>기타 (MRR, MAP, R-Prec)</translation>
    </message>
    <message>
        <source>Measure families</source>
        <translation>지표 종류</translation>
    </message>
    <message>
        <source>Cutoffs K</source>
        <translation>기준 K</translation>
    </message>
    <message>
        <source>Columns</source>
        <translation>열</translation>
    </message>
    <message>
        <source>Show all columns</source>
        <translation>모든 열 보기</translation>
    </message>
</context>
<context>
    <name>MissedList</name>
    <message>
        <source>found at #{0}</source>
        <translation>{0}위에서 찾음</translation>
    </message>
    <message>
        <source>removed by de-duplication</source>
        <translation>중복 제거로 빠짐</translation>
    </message>
    <message>
        <source>not retrieved</source>
        <translation>검색되지 않음</translation>
    </message>
</context>
<context>
    <name>NameDialog</name>
    <message>
        <source>Who is judging?</source>
        <extracomment>the longest name kept (a name is a label in tables and the report, not a text)</extracomment>
        <translation>누가 평가하나요?</translation>
    </message>
    <message>
        <source>Your grades, decisions, pools and ratings are recorded under your name, so the report can say who decided what. What is your name? You can change it later at the bottom of the window.</source>
        <translation>등급, 결정, 판정 풀, 답변 평가는 이름과 함께 기록되어 보고서에 누가 무엇을 정했는지 남습니다. 이름이 무엇인가요? 나중에 창 아래쪽에서 바꿀 수 있습니다.</translation>
    </message>
    <message>
        <source>Grades, decisions, pools and ratings you give from now on are recorded under this name (those already given keep theirs).</source>
        <translation>지금부터 주는 등급, 결정, 판정 풀, 답변 평가는 이 이름으로 기록됩니다(이미 준 것은 그대로 둡니다).</translation>
    </message>
    <message>
        <source>OK</source>
        <translation>확인</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>취소</translation>
    </message>
</context>
<context>
    <name>NewPoolDialog</name>
    <message>
        <source>New judging pool</source>
        <extracomment>how many passages a pool of those that decide the comparisons holds at first</extracomment>
        <translation>새 판정 풀</translation>
    </message>
    <message>
        <source>The pool holds every passage the chosen systems ranked in their top places for the chosen questions, once each, that this assessor has not graded yet. The assessor sees them one at a time in a shuffled order, without system names, ranks or scores.</source>
        <translation>판정 풀에는 고른 질문에 대해 고른 시스템들이 상위에 올린 문단 가운데 이 평가자가 아직 판정하지 않은 것이 하나씩 들어갑니다. 평가자는 섞인 순서로 한 번에 하나씩, 시스템 이름·순위·점수 없이 봅니다.</translation>
    </message>
    <message>
        <source>Assessor:</source>
        <translation>평가자:</translation>
    </message>
    <message>
        <source>Top passages per system:</source>
        <translation>시스템마다 상위 몇 개:</translation>
    </message>
    <message>
        <source>Order seed:</source>
        <translation>순서 시드:</translation>
    </message>
    <message>
        <source>Fixes the shuffled order; the same seed gives the same order again. By default it comes from the assessor&apos;s name.</source>
        <translation>섞는 순서를 정합니다. 같은 시드면 언제나 같은 순서입니다. 기본값은 평가자 이름에서 나옵니다.</translation>
    </message>
    <message>
        <source>Questions</source>
        <translation>질문</translation>
    </message>
    <message>
        <source>Systems</source>
        <translation>시스템</translation>
    </message>
    <message>
        <source>All</source>
        <translation>모두</translation>
    </message>
    <message>
        <source>None</source>
        <translation>없음</translation>
    </message>
    <message>
        <source>Make the pool</source>
        <translation>풀 만들기</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>취소</translation>
    </message>
</context>
<context>
    <name>OverviewPage</name>
    <message>
        <source>Charts</source>
        <extracomment>(results, their unjudged bounds) once computed; the results drawn the last rename dialog opened from this page (None: none yet)</extracomment>
        <translation>차트</translation>
    </message>
    <message>
        <source>Computing scores…</source>
        <translation>점수 계산 중…</translation>
    </message>
    <message>
        <source>How was this computed?</source>
        <translation>이 값은 어떻게 계산했나요?</translation>
    </message>
    <message>
        <source>Rename {name}…</source>
        <translation>{name} 이름 바꾸기…</translation>
    </message>
    <message>
        <source>paired randomization test</source>
        <translation>대응 무작위화 검정</translation>
    </message>
    <message>
        <source>paired t-test</source>
        <translation>대응 t-검정</translation>
    </message>
    <message>
        <source>Wilcoxon signed-rank test</source>
        <translation>윌콕슨 부호순위 검정</translation>
    </message>
    <message>
        <source>▲ / ▼: significantly better / worse than {baseline} on that measure ({test}, p &lt; 0.05 after Holm correction). Choose the baseline and the measures on the Compare page; hover over a mark for the details.</source>
        <translation>▲ / ▼: 그 지표에서 {baseline}보다 유의하게 나음 / 못함 ({test}, Holm 보정 후 p &lt; 0.05). 기준 시스템과 지표는 시스템 비교 화면에서 고릅니다. 표시에 마우스를 올리면 자세한 내용이 보입니다.</translation>
    </message>
    <message>
        <source>System</source>
        <translation>시스템</translation>
    </message>
    <message>
        <source>All questions</source>
        <translation>전체 질문</translation>
    </message>
    <message>
        <source>(no type)</source>
        <translation>(유형 없음)</translation>
    </message>
    <message>
        <source>%1: mean over %2 answerable questions of this type.</source>
        <translation>%1: 이 유형의 답변 가능한 질문 %2개의 평균입니다.</translation>
    </message>
    <message>
        <source>Errors %1 · Warnings %2 · Info %3</source>
        <translation>오류 %1 · 경고 %2 · 정보 %3</translation>
    </message>
    <message>
        <source>No errors, warnings or info</source>
        <translation>오류·경고·정보 없음</translation>
    </message>
    <message>
        <source>Unanswerable questions (%1): no relevant evidence in the judgments, so they are left out of every mean above.</source>
        <translation>답변 불가 질문 (%1): 평가에 관련 근거가 없어 위의 모든 평균에서 뺐습니다.</translation>
    </message>
    <message>
        <source>Unanswerable questions and abstention (%1)</source>
        <translation>답변 불가 질문과 답변 보류 (%1)</translation>
    </message>
    <message>
        <source>Questions whose evidence nobody has found yet (%1): marked answerable in the questions sheet, but no passage is graded relevant. With trec_eval&apos;s conventions they stay in the means, every system scoring 0 on them. Judge more passages for them.</source>
        <translation>근거를 아직 찾지 못한 질문 (%1): 질문 시트에서 답변가능 = 예로 표시했지만 관련 등급을 받은 문단이 하나도 없습니다. trec_eval 규칙에 따라 평균에 남고 모든 시스템이 0점을 받습니다. 문단을 더 평가하세요.</translation>
    </message>
    <message>
        <source>Questions whose evidence nobody has found yet (%1): marked answerable in the questions sheet, but no passage is graded relevant. They are counted among the unanswerable questions above and left out of every mean, so no system is penalised for missing their evidence. Judge more passages for them.</source>
        <translation>근거를 아직 찾지 못한 질문 (%1): 질문 시트에서 답변가능 = 예로 표시했지만 관련 등급을 받은 문단이 하나도 없습니다. 위의 답변 불가 질문에 함께 세어 모든 평균에서 빠지므로, 어느 시스템도 이 근거를 놓쳤다고 감점되지 않습니다. 문단을 더 평가하세요.</translation>
    </message>
    <message>
        <source>Open judgments and runs to see scores</source>
        <translation>점수를 보려면 평가 파일과 시스템 결과를 여세요</translation>
    </message>
    <message>
        <source>Open a judgments workbook (questions, passages and grades) and one or more run workbooks (the ranked results of each system) from the File menu, or drag the files onto this window. To look around first, open the demo data.</source>
        <translation>파일 메뉴에서 평가 파일(질문, 문단, 등급)과 하나 이상의 시스템 결과 파일(시스템별 순위 결과)을 열거나, 파일을 이 창으로 끌어다 놓으세요. 먼저 둘러보려면 데모 데이터를 여세요.</translation>
    </message>
    <message>
        <source>Scores per system</source>
        <translation>시스템별 점수</translation>
    </message>
    <message>
        <source>The chosen value worked through: the mean over the questions, and each question&apos;s formula with its numbers (also Enter, or right-click a value).</source>
        <translation>고른 값을 풀어 보여 줍니다: 질문들의 평균과, 질문마다 숫자를 넣은 공식(Enter 키나 값을 오른쪽 클릭해도 됩니다).</translation>
    </message>
    <message>
        <source>Means over answerable questions; a question missing from a run counts as 0. The best value of each column is bold. Click a header to sort; right-click a header to choose columns; hover over a header for what it measures.</source>
        <translation>답변 가능한 질문에 대한 평균입니다. 시스템 결과에 빠진 질문은 0점으로 계산합니다. 각 열의 최고값은 굵게 표시됩니다. 머리글을 클릭하면 정렬, 오른쪽 클릭하면 열 선택, 마우스를 올리면 지표 설명이 나옵니다.</translation>
    </message>
    <message>
        <source>Double-click a system&apos;s name to rename it; hover over it for its file.</source>
        <translation>시스템 이름을 두 번 누르면 이름을 바꿀 수 있고, 마우스를 올리면 어느 파일에서 왔는지 보입니다.</translation>
    </message>
    <message>
        <source>Measure:</source>
        <translation>지표:</translation>
    </message>
    <message>
        <source>The chosen measure per question type; n is the number of questions.</source>
        <translation>고른 지표를 질문 유형별로 보여 줍니다. n은 질문 수입니다.</translation>
    </message>
    <message>
        <source>By question type</source>
        <translation>질문 유형별</translation>
    </message>
    <message>
        <source>Diagnosis</source>
        <translation>진단</translation>
    </message>
    <message>
        <source>First evidence</source>
        <translation>첫 근거</translation>
    </message>
    <message>
        <source>Where each system puts the first relevant passage of a question: the share of answerable questions with it at rank 1, within the top 3 (rank 1 included), later in the results, or nowhere in them (top 3 + later + not found = 100%). The MRR mean alone does not show this spread.</source>
        <translation>시스템마다 질문의 첫 관련 문단을 어디에 두는지 보여 줍니다: 답변 가능한 질문 가운데 첫 관련 문단이 1위, 3위 안(1위 포함), 그 뒤, 또는 결과 어디에도 없는 질문의 비율입니다(3위 안 + 4위 이후 + 찾지 못함 = 100%). MRR 평균만으로는 이 분포를 알 수 없습니다.</translation>
    </message>
    <message>
        <source>At rank 1</source>
        <translation>1위</translation>
    </message>
    <message>
        <source>In the top 3</source>
        <translation>3위 안</translation>
    </message>
    <message>
        <source>Later</source>
        <translation>4위 이후</translation>
    </message>
    <message>
        <source>Not found</source>
        <translation>찾지 못함</translation>
    </message>
    <message>
        <source>First relevant passage at rank 4 or below, to the end of the results.</source>
        <translation>첫 관련 문단이 4위 이하, 결과의 끝까지 중 어딘가에 있는 질문입니다.</translation>
    </message>
    <message>
        <source>No relevant passage anywhere in the results (or no results for the question).</source>
        <translation>결과 어디에도 관련 문단이 없는 질문(또는 결과가 없는 질문)입니다.</translation>
    </message>
    <message>
        <source>A system abstains when it returns nothing for a question (or nothing above the score floor). Abstaining on an unanswerable question is appropriate; abstaining on an answerable one is a false abstention.</source>
        <translation>시스템이 질문에 아무것도 돌려주지 않으면(또는 최저 점수 이상인 결과가 없으면) 답변 보류로 봅니다. 답변 불가 질문에서의 보류는 적절한 보류이고, 답변 가능한 질문에서의 보류는 잘못된 보류입니다.</translation>
    </message>
    <message>
        <source>Unanswerable
questions</source>
        <translation>답변 불가
질문</translation>
    </message>
    <message>
        <source>Empty results,
unanswerable</source>
        <translation>결과 없음
(답변 불가 질문)</translation>
    </message>
    <message>
        <source>Share empty,
unanswerable</source>
        <translation>결과 없음 비율
(답변 불가 질문)</translation>
    </message>
    <message>
        <source>Empty results,
answerable</source>
        <translation>결과 없음
(답변 가능 질문)</translation>
    </message>
    <message>
        <source>Share empty,
answerable</source>
        <translation>결과 없음 비율
(답변 가능 질문)</translation>
    </message>
    <message>
        <source>Answerable
questions</source>
        <translation>답변 가능
질문</translation>
    </message>
    <message>
        <source>Share of unanswerable questions on which the system returned nothing (higher is better).</source>
        <translation>답변 불가 질문 중 시스템이 아무것도 돌려주지 않은 비율 (높을수록 좋음).</translation>
    </message>
    <message>
        <source>Share of answerable questions on which the system returned nothing (lower is better).</source>
        <translation>답변 가능한 질문 중 시스템이 아무것도 돌려주지 않은 비율 (낮을수록 좋음).</translation>
    </message>
</context>
<context>
    <name>PageHelpButtons</name>
    <message>
        <source>Guide to this screen</source>
        <translation>이 화면의 사용 안내</translation>
    </message>
</context>
<context>
    <name>PassageCard</name>
    <message>
        <source>score {0:.3f}</source>
        <translation>점수 {0:.3f}</translation>
    </message>
    <message>
        <source>(no passage text in the files)</source>
        <translation>(파일에 문단 본문이 없습니다)</translation>
    </message>
    <message>
        <source>Evidence sentence (marked in the text):</source>
        <translation>근거 문장(본문에 표시):</translation>
    </message>
    <message>
        <source>Ranked higher here than in the other systems</source>
        <translation>다른 시스템보다 여기서 더 높은 순위</translation>
    </message>
    <message>
        <source>Ranked lower here than in another system</source>
        <translation>다른 시스템보다 여기서 더 낮은 순위</translation>
    </message>
    <message>
        <source>Same position as in another system</source>
        <translation>다른 시스템과 같은 순위</translation>
    </message>
    <message>
        <source>No other shown system retrieved this passage</source>
        <translation>화면의 다른 시스템은 이 문단을 찾지 못했습니다</translation>
    </message>
    <message>
        <source>#{0}</source>
        <translation>{0}위</translation>
    </message>
    <message>
        <source>not retrieved</source>
        <translation>검색되지 않음</translation>
    </message>
</context>
<context>
    <name>PoolEffectBox</name>
    <message>
        <source>Hide details</source>
        <extracomment>a new computation is shown (tests wait for it)</extracomment>
        <translation>자세히 닫기</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>자세히</translation>
    </message>
    <message>
        <source>What the judging pools did</source>
        <translation>판정 풀이 한 일</translation>
    </message>
    <message>
        <source>Assessor</source>
        <translation>평가자</translation>
    </message>
    <message>
        <source>Pooled</source>
        <translation>풀 문단</translation>
    </message>
    <message>
        <source>Graded</source>
        <translation>판정함</translation>
    </message>
    <message>
        <source>Cannot judge</source>
        <translation>판단 불가</translation>
    </message>
    <message>
        <source>Later</source>
        <translation>나중에</translation>
    </message>
    <message>
        <source>Still waiting</source>
        <translation>남음</translation>
    </message>
    <message>
        <source>System</source>
        <translation>시스템</translation>
    </message>
    <message>
        <source>Judged@{k} before</source>
        <translation>Judged@{k} 풀 전</translation>
    </message>
    <message>
        <source>Judged@{k} now</source>
        <translation>Judged@{k} 지금</translation>
    </message>
    <message>
        <source>{n} passages in judging pools: {graded} graded, {waiting} still waiting. Judged@{k} (the share of a system&apos;s top {k} that has a grade): {before} before the pools, {after} now.</source>
        <translation>판정 풀의 문단 {n}개: {graded}개 판정, {waiting}개 남음. Judged@{k}(시스템 상위 {k}개 가운데 등급이 있는 비율): 풀 전 {before}, 지금 {after}.</translation>
    </message>
    <message>
        <source>No two assessors have graded the same pooled passage yet.</source>
        <translation>아직 두 평가자가 같은 풀 문단을 판정하지 않았습니다.</translation>
    </message>
    <message>
        <source>{a} and {b}: κ = {kappa} ({band}) over {n} passages</source>
        <translation>{a}·{b}: 문단 {n}개에서 κ = {kappa} ({band})</translation>
    </message>
    <message>
        <source>Agreement on the pooled passages: {pairs}.</source>
        <translation>풀 문단의 평가자 일치도: {pairs}.</translation>
    </message>
</context>
<context>
    <name>PreviewDialogBase</name>
    <message>
        <source>Cancelling…</source>
        <extracomment>the task reading or loading the file, None when idle</extracomment>
        <translation>취소하는 중…</translation>
    </message>
    <message>
        <source>Click to show row {row}.</source>
        <translation>눌러서 {row}행을 보기</translation>
    </message>
    <message>
        <source>{errors} errors, {warnings} warnings, {infos} notes</source>
        <translation>오류 {errors}개, 경고 {warnings}개, 정보 {infos}개</translation>
    </message>
</context>
<context>
    <name>ProjectActions</name>
    <message>
        <source>Reading {name}…</source>
        <extracomment>files and settings are saved this long after they change the user&apos;s work (grades, resolutions, notes) is saved at once after each edit, but not more often than this: a killed process loses at most the last edit</extracomment>
        <translation>{name} 읽는 중…</translation>
    </message>
    <message>
        <source>Demo not found</source>
        <translation>데모를 찾을 수 없음</translation>
    </message>
    <message>
        <source>The demo files are missing from this installation: {files}</source>
        <translation>이 설치본에 데모 파일이 없습니다: {files}</translation>
    </message>
    <message>
        <source>evaluation.wbproj</source>
        <translation>평가.wbproj</translation>
    </message>
    <message>
        <source>Save project</source>
        <translation>프로젝트 저장</translation>
    </message>
    <message>
        <source>Workbench project ({pattern})</source>
        <translation>워크벤치 프로젝트 ({pattern})</translation>
    </message>
    <message>
        <source>Project saved.</source>
        <translation>프로젝트를 저장했습니다.</translation>
    </message>
    <message>
        <source>Autosave failed; save the project elsewhere.</source>
        <translation>자동 저장에 실패했습니다. 프로젝트를 다른 곳에 저장하세요.</translation>
    </message>
    <message>
        <source>Open project</source>
        <translation>프로젝트 열기</translation>
    </message>
    <message>
        <source>Checking the project&apos;s files…</source>
        <translation>프로젝트 파일 확인 중…</translation>
    </message>
    <message>
        <source>A file of the project needs attention</source>
        <translation>프로젝트 파일 하나를 확인해야 합니다</translation>
    </message>
    <message>
        <source>The file {name} was not found at
{path}

It may have been moved or renamed. Locate it to continue.</source>
        <translation>파일 {name:을} 다음 위치에서 찾을 수 없습니다:
{path}

옮겨졌거나 이름이 바뀌었을 수 있습니다. 계속하려면 파일 위치를 지정하세요.</translation>
    </message>
    <message>
        <source>The file {name} has changed since the project was saved.

Load it anyway to use its current contents (scores may change), or locate the original file.</source>
        <translation>프로젝트를 저장한 뒤 파일 {name:이} 바뀌었습니다.

지금 내용 그대로 불러오거나(점수가 달라질 수 있습니다), 원래 파일의 위치를 지정하세요.</translation>
    </message>
    <message>
        <source>Locate…</source>
        <translation>위치 지정…</translation>
    </message>
    <message>
        <source>Load anyway</source>
        <translation>그대로 불러오기</translation>
    </message>
    <message>
        <source>Skip this file</source>
        <translation>이 파일 건너뛰기</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>취소</translation>
    </message>
    <message>
        <source>Locate {name}</source>
        <translation>{name} 위치 지정</translation>
    </message>
    <message>
        <source>The work from last time is back. Save it as a project to keep it.</source>
        <translation>지난번 작업을 되살렸습니다. 계속 보관하려면 프로젝트로 저장하세요.</translation>
    </message>
    <message>
        <source>Saved automatically at {time}.</source>
        <translation>{time}에 자동 저장됨.</translation>
    </message>
    <message>
        <source>Restore unsaved work?</source>
        <translation>저장하지 않은 작업을 되살릴까요?</translation>
    </message>
    <message>
        <source>The workbench closed without saving last time. Restore the work (files, settings, grades, notes)?</source>
        <translation>지난번에 워크벤치가 저장하지 않은 채 닫혔습니다. 그 작업(파일, 설정, 등급, 메모)을 되살릴까요?</translation>
    </message>
    <message>
        <source>Restore</source>
        <translation>되살리기</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>버리기</translation>
    </message>
</context>
<context>
    <name>QFileDialog</name>
    <message>
        <source>&amp;Look in:</source>
        <translation>찾는 위치(&amp;L):</translation>
    </message>
    <message>
        <source>Files of &amp;type:</source>
        <translation>파일 형식(&amp;T):</translation>
    </message>
</context>
<context>
    <name>QuestionListModel</name>
    <message>
        <source>Question</source>
        <translation>질문</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>유형</translation>
    </message>
    <message>
        <source>Mean</source>
        <translation>평균</translation>
    </message>
    <message>
        <source>Answerable</source>
        <translation>답변 가능</translation>
    </message>
    <message>
        <source>{measure} of {system} for each question</source>
        <translation>질문별 {system}의 {measure}</translation>
    </message>
    <message>
        <source>Mean {measure} over the systems</source>
        <translation>시스템 평균 {measure}</translation>
    </message>
    <message>
        <source>Flagged questions</source>
        <translation>표시한 질문</translation>
    </message>
    <message>
        <source>Answerable = the judgments hold relevant evidence for the question</source>
        <translation>답변 가능 = 평가 자료에 이 질문의 관련 근거가 있음</translation>
    </message>
    <message>
        <source>yes</source>
        <extracomment>system name → its system card as text (header tooltips), set by the page</extracomment>
        <translation>예</translation>
    </message>
    <message>
        <source>no</source>
        <translation>아니오</translation>
    </message>
</context>
<context>
    <name>RankDistributionChart</name>
    <message>
        <source>First relevant rank</source>
        <translation>첫 관련 문단 순위</translation>
    </message>
    <message>
        <source>rank 1</source>
        <translation>1위</translation>
    </message>
    <message>
        <source>rank 2–3</source>
        <translation>2–3위</translation>
    </message>
    <message>
        <source>rank 2</source>
        <translation>2위</translation>
    </message>
    <message>
        <source>rank 4–{k}</source>
        <translation>4–{k}위</translation>
    </message>
    <message>
        <source>rank 4</source>
        <translation>4위</translation>
    </message>
    <message>
        <source>not in top {k}</source>
        <translation>상위 {k}위 밖</translation>
    </message>
    <message>
        <source>{system}
first relevant: {bucket}
{count} of {n} questions ({share})</source>
        <translation>{system}
첫 관련 문단: {bucket}
질문 {n}개 중 {count}개 ({share})</translation>
    </message>
    <message>
        <source>Where the first relevant passage appears</source>
        <translation>첫 관련 문단이 나오는 순위</translation>
    </message>
    <message>
        <source>System</source>
        <translation>시스템</translation>
    </message>
    <message>
        <source>Share of questions</source>
        <translation>질문 비율</translation>
    </message>
</context>
<context>
    <name>RatersPanel</name>
    <message>
        <source>Do the raters agree? Per criterion, for every pair of raters: the answers both rated, exact agreement, Cohen&apos;s kappa, quadratic weighted kappa; Krippendorff&apos;s alpha (ordinal) over everyone.</source>
        <translation>평가자들의 점수가 일치할까요? 기준마다, 평가자 두 명씩: 둘 다 평가한 답변 수, 완전 일치율, 코헨 카파, 이차 가중 카파, 그리고 모든 평가자에 대한 크리펜도르프 알파(순서형).</translation>
    </message>
    <message>
        <source>Answers the raters scored differently, biggest gap first</source>
        <translation>평가자 점수가 다른 답변 (차이가 큰 것부터)</translation>
    </message>
    <message>
        <source>Unresolved only</source>
        <translation>조정하지 않은 것만</translation>
    </message>
    <message>
        <source>Why (optional):</source>
        <translation>사유 (선택):</translation>
    </message>
    <message>
        <source>Use {score}</source>
        <translation>{score}점으로</translation>
    </message>
    <message>
        <source>Resolve with {score} (key {score})</source>
        <translation>{score}점으로 조정 (키 {score})</translation>
    </message>
    <message>
        <source>Back to the rule</source>
        <translation>규칙대로 되돌리기</translation>
    </message>
    <message>
        <source>The raters&apos; comparison is hidden while blind rating is on: it names the systems.</source>
        <translation>블라인드 평가 중에는 평가자 비교를 숨깁니다. 시스템 이름이 드러나기 때문입니다.</translation>
    </message>
    <message>
        <source>All criteria</source>
        <translation>모든 기준</translation>
    </message>
    <message>
        <source>Criterion</source>
        <translation>기준</translation>
    </message>
    <message>
        <source>Raters</source>
        <translation>평가자</translation>
    </message>
    <message>
        <source>Both rated</source>
        <translation>둘 다 평가</translation>
    </message>
    <message>
        <source>Exact</source>
        <translation>완전 일치</translation>
    </message>
    <message>
        <source>Kappa</source>
        <translation>카파</translation>
    </message>
    <message>
        <source>Weighted kappa</source>
        <translation>가중 카파</translation>
    </message>
    <message>
        <source>Alpha (ordinal)</source>
        <translation>알파 (순서형)</translation>
    </message>
    <message>
        <source>Reading of weighted kappa</source>
        <translation>가중 카파 해석</translation>
    </message>
    <message>
        <source>Disagreements</source>
        <translation>불일치</translation>
    </message>
    <message>
        <source>Needs ratings from two or more raters.</source>
        <translation>평가자 두 명 이상의 평가가 필요합니다.</translation>
    </message>
    <message>
        <source>Question</source>
        <translation>질문</translation>
    </message>
    <message>
        <source>System</source>
        <translation>시스템</translation>
    </message>
    <message>
        <source>Gap</source>
        <translation>차이</translation>
    </message>
    <message>
        <source>Score used</source>
        <translation>사용한 점수</translation>
    </message>
    <message>
        <source>Resolved by hand</source>
        <translation>사람이 조정함</translation>
    </message>
</context>
<context>
    <name>RatingBarChart</name>
    <message>
        <source>Answer ratings per system (with 95% confidence interval)</source>
        <translation>시스템별 답변 평가 (95% 신뢰구간)</translation>
    </message>
    <message>
        <source>Criterion</source>
        <translation>기준</translation>
    </message>
    <message>
        <source>Mean rating (0–3)</source>
        <translation>평가 평균 (0–3)</translation>
    </message>
</context>
<context>
    <name>RenameSystemDialog</name>
    <message>
        <source>Rename a system</source>
        <translation>시스템 이름 바꾸기</translation>
    </message>
    <message>
        <source>New name for {name}. The file is not changed; the project keeps the name.</source>
        <translation>{name}의 새 이름을 적으세요. 파일은 바뀌지 않고, 이름은 프로젝트에 저장됩니다.</translation>
    </message>
    <message>
        <source>From {source}; called &apos;{original}&apos; in the file.</source>
        <translation>출처: {source}. 파일에서의 이름: &apos;{original}&apos;.</translation>
    </message>
    <message>
        <source>Rename</source>
        <translation>이름 바꾸기</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>취소</translation>
    </message>
    <message>
        <source>Use the file&apos;s name ({original})</source>
        <translation>파일의 이름 쓰기({original})</translation>
    </message>
    <message>
        <source>A system needs a name.</source>
        <translation>시스템 이름을 적어야 합니다.</translation>
    </message>
    <message>
        <source>Another system is already called {name}. Choose a name no other system has.</source>
        <translation>이미 다른 시스템의 이름이 {name:이에요}. 다른 시스템이 쓰지 않는 이름을 고르세요.</translation>
    </message>
    <message>
        <source>This system is no longer loaded.</source>
        <translation>이 시스템은 이제 불러와져 있지 않습니다.</translation>
    </message>
</context>
<context>
    <name>ResultsPanel</name>
    <message>
        <source>Summary</source>
        <translation>요약</translation>
    </message>
    <message>
        <source>Ratings per system</source>
        <translation>시스템별 평가</translation>
    </message>
    <message>
        <source>Retrieval vs answers</source>
        <translation>검색과 답변</translation>
    </message>
    <message>
        <source>By question type</source>
        <translation>질문 유형별</translation>
    </message>
    <message>
        <source>Compare every system with:</source>
        <translation>모든 시스템과 비교할 기준 시스템:</translation>
    </message>
    <message>
        <source>Mean rating per criterion (0–3) with its 95% bootstrap confidence interval. Several raters&apos; scores are combined like passage grades (a hand resolution wins); &apos;mean rating&apos; is each answer&apos;s mean over its criteria.</source>
        <translation>기준별 평가 평균(0–3)과 부트스트랩 95% 신뢰구간입니다. 여러 평가자의 점수는 문단 등급과 같은 규칙으로 하나로 모읍니다(사람이 조정한 점수 우선). &apos;평가 평균&apos;은 답변마다 적용되는 기준 점수의 평균입니다.</translation>
    </message>
    <message>
        <source>Automatic citation checks: citation precision = cited passages at or above θ / cited passages; core coverage = core evidence groups cited (an alternative covers its group); the other rates are shares of citations or answers.</source>
        <translation>자동 인용 점검: 인용 정밀도 = 관련 기준(θ) 이상인 인용 문단 / 인용 문단, 핵심 근거 포함률 = 인용한 핵심 근거 그룹의 비율(대체 근거는 그 그룹을 채움). 나머지는 인용이나 답변 가운데의 비율입니다.</translation>
    </message>
    <message>
        <source>Is the difference real? (paired tests, Holm-corrected)</source>
        <translation>차이가 진짜일까요? (짝지은 검정, Holm 보정)</translation>
    </message>
    <message>
        <source>The results are hidden while blind rating is on: they would name the systems.</source>
        <translation>블라인드 평가 중에는 결과를 숨깁니다. 시스템 이름이 드러나기 때문입니다.</translation>
    </message>
    <message>
        <source>Mean rating</source>
        <translation>평가 평균</translation>
    </message>
    <message>
        <source>{n} answers rated</source>
        <translation>답변 {n}개 평가</translation>
    </message>
    <message>
        <source>Computing the tests…</source>
        <translation>검정을 계산하는 중…</translation>
    </message>
    <message>
        <source>Needs two or more systems to compare.</source>
        <translation>비교하려면 시스템이 두 개 이상 있어야 합니다.</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>유형</translation>
    </message>
    <message>
        <source>System</source>
        <translation>시스템</translation>
    </message>
    <message>
        <source>Criterion</source>
        <translation>기준</translation>
    </message>
    <message>
        <source>Mean</source>
        <translation>평균</translation>
    </message>
    <message>
        <source>95% CI</source>
        <translation>95% 신뢰구간</translation>
    </message>
    <message>
        <source>Answers</source>
        <translation>답변 수</translation>
    </message>
    <message>
        <source>Citation precision</source>
        <translation>인용 정밀도</translation>
    </message>
    <message>
        <source>Core coverage</source>
        <translation>핵심 근거 포함률</translation>
    </message>
    <message>
        <source>Unknown citations</source>
        <translation>없는 문단 인용</translation>
    </message>
    <message>
        <source>Not retrieved</source>
        <translation>검색되지 않은 인용</translation>
    </message>
    <message>
        <source>Below θ</source>
        <translation>관련 없는 인용</translation>
    </message>
    <message>
        <source>Unjudged</source>
        <translation>미평가 인용</translation>
    </message>
    <message>
        <source>No citation</source>
        <translation>인용 없는 답변</translation>
    </message>
    <message>
        <source>Declined, unanswerable</source>
        <translation>답변 보류 비율(답변 불가 질문)</translation>
    </message>
    <message>
        <source>Declined, answerable</source>
        <translation>답변 보류 비율(답변 가능 질문)</translation>
    </message>
    <message>
        <source>Answers that declined / answers to unanswerable questions (not the retrieval&apos;s empty results on the Overview).</source>
        <translation>답변을 보류한 답변 / 답변 불가 질문에 대한 답변 (개요 화면의 &apos;결과 없음&apos;은 검색 결과가 빈 경우로, 이것과 다릅니다).</translation>
    </message>
    <message>
        <source>Answers checked (to questions the judgments know).</source>
        <translation>점검한 답변 수 (정답 판정에 있는 질문).</translation>
    </message>
    <message>
        <source>Mean over answers with citations: cited passages at or above θ / cited passages.</source>
        <translation>인용이 있는 답변의 평균: 관련 기준(θ) 이상인 인용 문단 / 인용 문단.</translation>
    </message>
    <message>
        <source>Mean over answerable questions: core evidence groups cited / core groups.</source>
        <translation>답변 가능한 질문의 평균: 인용한 핵심 근거 그룹 / 핵심 근거 그룹.</translation>
    </message>
    <message>
        <source>Citations of a passage id no file knows / all citations.</source>
        <translation>어떤 파일에도 없는 문단ID를 인용한 비율.</translation>
    </message>
    <message>
        <source>Citations of passages this system did not retrieve / known citations.</source>
        <translation>이 시스템이 검색하지 않은 문단을 인용한 비율 (있는 문단의 인용 중).</translation>
    </message>
    <message>
        <source>Citations of passages judged below θ / all citations.</source>
        <translation>관련 기준(θ)보다 낮게 판정된 문단을 인용한 비율.</translation>
    </message>
    <message>
        <source>Citations of passages nobody judged / all citations.</source>
        <translation>아무도 판정하지 않은 문단을 인용한 비율.</translation>
    </message>
    <message>
        <source>Answers without any citation / answers that do not abstain.</source>
        <translation>인용이 하나도 없는 답변 / 보류하지 않은 답변.</translation>
    </message>
    <message>
        <source>Abstentions / answers to answerable questions.</source>
        <translation>답변 보류 / 답변 가능 질문에 대한 답변.</translation>
    </message>
</context>
<context>
    <name>RetrievalScatterChart</name>
    <message>
        <source>{system}: {count} answer(s) {ids}
{measure} = {x}
{answer} = {y}</source>
        <extracomment>the user chose another measure or criterion</extracomment>
        <translation>{system}: 답변 {count}개 {ids}
{measure} = {x}
{answer} = {y}</translation>
    </message>
    <message>
        <source>{system} (ρ = {rho})</source>
        <translation>{system} (ρ = {rho})</translation>
    </message>
    <message>
        <source>Retrieval:</source>
        <translation>검색 지표:</translation>
    </message>
    <message>
        <source>Answer:</source>
        <translation>답변 평가:</translation>
    </message>
    <message>
        <source>ρ cannot be computed</source>
        <translation>ρ를 계산할 수 없음</translation>
    </message>
    <message>
        <source>Spearman ρ = {rho} (n = {n}, {p})</source>
        <translation>스피어만 ρ = {rho} (n = {n}, {p})</translation>
    </message>
    <message>
        <source>Did better retrieval give better answers? {measure} vs {answer}</source>
        <translation>검색이 좋으면 답변도 좋았을까? {measure} 대 {answer}</translation>
    </message>
    <message>
        <source>Retrieval measure</source>
        <translation>검색 지표</translation>
    </message>
    <message>
        <source>Answer rating</source>
        <translation>답변 평가</translation>
    </message>
</context>
<context>
    <name>ReviewPage</name>
    <message>
        <source>Preparing the question review…</source>
        <extracomment>a gold row&apos;s most height in pixels of passage text (3 lines at the normal font) the background task that builds the per-question index of new results the current question changed (question id, &quot;&quot; when none) the per-question index of new results is in place and the page shows it where the questions of the drill-down filter were chosen (its banner) the question whose cards are shown (scrolled to rank 1 when it changes) (system, passage id) of the selected card the busy line says &quot;Preparing the question review…&quot; (made again in the language in force after a switch, cleared when the index is shown) (system, measure) of a bar clicked before the index arrived: the list&apos;s order the study&apos;s one undo stack, shared with every page</extracomment>
        <translation>질문별 검토를 준비하는 중…</translation>
    </message>
    <message>
        <source>Metric</source>
        <translation>지표</translation>
    </message>
    <message>
        <source>Fails below</source>
        <translation>실패 기준</translation>
    </message>
    <message>
        <source>A system fails a question when its score is below this value.</source>
        <translation>점수가 이 값보다 낮으면 그 질문에서 시스템이 실패한 것으로 봅니다.</translation>
    </message>
    <message>
        <source>Search question id or text…</source>
        <translation>질문 ID나 내용 검색…</translation>
    </message>
    <message>
        <source>Flagged only</source>
        <translation>표시한 것만</translation>
    </message>
    <message>
        <source>Show all questions</source>
        <translation>모든 질문 보기</translation>
    </message>
    <message>
        <source>◀ Previous</source>
        <translation>◀ 이전</translation>
    </message>
    <message>
        <source>Previous question (K or Alt+Up)</source>
        <translation>이전 질문 (K 또는 Alt+위쪽)</translation>
    </message>
    <message>
        <source>Next ▶</source>
        <translation>다음 ▶</translation>
    </message>
    <message>
        <source>Next question (J or Alt+Down)</source>
        <translation>다음 질문 (J 또는 Alt+아래쪽)</translation>
    </message>
    <message>
        <source>Flag this question</source>
        <translation>이 질문 표시하기</translation>
    </message>
    <message>
        <source>Gold evidence</source>
        <translation>정답 근거</translation>
    </message>
    <message>
        <source>Scores for this question</source>
        <translation>이 질문의 점수</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>메모</translation>
    </message>
    <message>
        <source>Notes on this question (saved with the project)…</source>
        <translation>이 질문에 대한 메모 (프로젝트에 저장됨)…</translation>
    </message>
    <message>
        <source>Systems (2–4):</source>
        <translation>시스템 (2–4개):</translation>
    </message>
    <message>
        <source>Top K</source>
        <translation>상위 K</translation>
    </message>
    <message>
        <source>Click a card or use the arrow keys to select it; press 0–3 or click its grade to grade it. J / K: next / previous question.</source>
        <translation>카드를 클릭하거나 화살표 키로 고르세요. 0–3을 누르거나 등급을 클릭하면 평가합니다. J / K: 다음 / 이전 질문.</translation>
    </message>
    <message>
        <source>↑ ranked higher than in the other systems shown · ↓ lower than in one of them · = the same rank · ∅ not retrieved by the others</source>
        <translation>↑ 함께 보는 다른 시스템보다 높은 순위 · ↓ 다른 시스템보다 낮은 순위 · = 같은 순위 · ∅ 다른 시스템은 찾지 못한 문단</translation>
    </message>
    <message>
        <source>Open judgments and runs to review questions one by one.</source>
        <translation>질문을 하나씩 검토하려면 평가 파일과 시스템 결과를 여세요.</translation>
    </message>
    <message>
        <source>All question types</source>
        <translation>모든 질문 유형</translation>
    </message>
    <message>
        <source>Answerable and unanswerable</source>
        <translation>답변 가능과 불가 모두</translation>
    </message>
    <message>
        <source>Answerable only</source>
        <translation>답변 가능만</translation>
    </message>
    <message>
        <source>Unanswerable only</source>
        <translation>답변 불가만</translation>
    </message>
    <message>
        <source>All questions</source>
        <translation>모든 질문</translation>
    </message>
    <message>
        <source>Every system fails</source>
        <translation>모든 시스템이 실패</translation>
    </message>
    <message>
        <source>Only some systems fail</source>
        <translation>일부 시스템만 실패</translation>
    </message>
    <message>
        <source>No system fails</source>
        <translation>실패한 시스템 없음</translation>
    </message>
    <message>
        <source>{0} of {1} questions shown</source>
        <translation>질문 {1}개 중 {0}개 표시</translation>
    </message>
    <message>
        <source>{source}: {n} questions</source>
        <translation>{source}: 질문 {n}개</translation>
    </message>
    <message>
        <source>Showing {0} questions chosen on another page.</source>
        <translation>다른 화면에서 고른 질문 {0}개를 보여 줍니다.</translation>
    </message>
    <message>
        <source>no type</source>
        <translation>유형 없음</translation>
    </message>
    <message>
        <source>answerable</source>
        <translation>답변 가능</translation>
    </message>
    <message>
        <source>unanswerable</source>
        <translation>답변 불가</translation>
    </message>
    <message>
        <source>(no question text in the files)</source>
        <translation>(파일에 질문 내용이 없습니다)</translation>
    </message>
    <message>
        <source>Passage</source>
        <translation>문단</translation>
    </message>
    <message>
        <source>Grade</source>
        <translation>등급</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>역할</translation>
    </message>
    <message>
        <source>(assessor)</source>
        <translation>(평가자)</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>출처</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>본문</translation>
    </message>
    <message>
        <source>Evidence group {0}</source>
        <translation>근거 그룹 {0}</translation>
    </message>
    <message>
        <source>Evidence sentence: {sentences}</source>
        <translation>근거 문장: {sentences}</translation>
    </message>
    <message>
        <source>How was this computed?</source>
        <translation>이 값은 어떻게 계산했나요?</translation>
    </message>
    <message>
        <source>How was {measure} computed?</source>
        <translation>{measure} 값은 어떻게 계산했나요?</translation>
    </message>
    <message>
        <source>Grades are given to passages: switch the unit to passages to grade.</source>
        <translation>등급은 문단에 매깁니다: 평가하려면 평가 단위를 문단으로 바꾸세요.</translation>
    </message>
    <message>
        <source>Change a grade</source>
        <translation>등급 바꾸기</translation>
    </message>
    <message>
        <source>{passage} is graded {old}. Why should it be {new}?
(The original grades are kept.)</source>
        <translation>{passage}의 등급은 {old}입니다. 왜 {new:으로} 바꿔야 하나요?
(원래 등급은 보관됩니다.)</translation>
    </message>
</context>
<context>
    <name>Roles</name>
    <message>
        <source>(ignore)</source>
        <extracomment>what a sheet of a judgments workbook can be used as roles each kind of sheet needs; run sheets also need a rank or a score the order the mapping dropdowns list the roles in (the core decides it)</extracomment>
        <translation>(무시)</translation>
    </message>
    <message>
        <source>Rank {n}</source>
        <translation>순위 {n}</translation>
    </message>
    <message>
        <source>Question ID</source>
        <translation>질문 ID</translation>
    </message>
    <message>
        <source>Passage ID</source>
        <translation>문단 ID</translation>
    </message>
    <message>
        <source>Grade</source>
        <translation>등급</translation>
    </message>
    <message>
        <source>Assessor</source>
        <translation>평가자</translation>
    </message>
    <message>
        <source>Evidence role</source>
        <translation>근거 역할</translation>
    </message>
    <message>
        <source>Evidence group</source>
        <translation>근거 그룹</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>메모</translation>
    </message>
    <message>
        <source>System</source>
        <translation>시스템</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>순위</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>점수</translation>
    </message>
    <message>
        <source>Passage text</source>
        <translation>본문</translation>
    </message>
    <message>
        <source>Question</source>
        <translation>질문</translation>
    </message>
    <message>
        <source>Question type</source>
        <translation>질문 유형</translation>
    </message>
    <message>
        <source>Answerable</source>
        <translation>답변 가능</translation>
    </message>
    <message>
        <source>Document ID</source>
        <translation>문서 ID</translation>
    </message>
    <message>
        <source>Chunk number</source>
        <translation>청크 번호</translation>
    </message>
    <message>
        <source>Volume</source>
        <translation>권</translation>
    </message>
    <message>
        <source>Lecture</source>
        <translation>강연</translation>
    </message>
    <message>
        <source>Page</source>
        <translation>페이지</translation>
    </message>
    <message>
        <source>Date</source>
        <translation>날짜</translation>
    </message>
    <message>
        <source>Evidence sentence</source>
        <translation>근거 문장</translation>
    </message>
    <message>
        <source>Retriever</source>
        <translation>검색 방식</translation>
    </message>
    <message>
        <source>Embedding model</source>
        <translation>임베딩 모델</translation>
    </message>
    <message>
        <source>Reranker</source>
        <translation>재순위 모델</translation>
    </message>
    <message>
        <source>Chunk size</source>
        <translation>청크 크기</translation>
    </message>
    <message>
        <source>Chunk overlap</source>
        <translation>겹침</translation>
    </message>
    <message>
        <source>Passage unit</source>
        <translation>단위</translation>
    </message>
    <message>
        <source>K passed to the LLM</source>
        <translation>LLM에 넘기는 K</translation>
    </message>
    <message>
        <source>Stage</source>
        <translation>단계</translation>
    </message>
    <message>
        <source>Pipeline</source>
        <translation>파이프라인</translation>
    </message>
    <message>
        <source>Note (system)</source>
        <translation>메모(시스템)</translation>
    </message>
</context>
<context>
    <name>RubricPanel</name>
    <message>
        <source>The rubric the answers are rated with: each criterion is scored 0–3 and its level descriptions are shown while rating. Edit a cell to change it (Ctrl+Z undoes); renaming a criterion keeps its ratings. It is saved in the project, written into the report and into the ratings workbook (its rubric sheet).</source>
        <translation>답변을 평가하는 루브릭입니다. 기준마다 0–3점으로 매기며, 평가하는 동안 수준별 설명이 보입니다. 칸을 고치면 바로 반영됩니다(Ctrl+Z로 되돌리기). 기준 이름을 바꿔도 그 평가는 그대로 남습니다. 루브릭은 프로젝트에 저장되고, 보고서와 평가 통합 문서(루브릭 시트)에도 기록됩니다.</translation>
    </message>
    <message>
        <source>Add a criterion</source>
        <translation>기준 추가</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>삭제</translation>
    </message>
    <message>
        <source>Move up</source>
        <translation>위로</translation>
    </message>
    <message>
        <source>Move down</source>
        <translation>아래로</translation>
    </message>
    <message>
        <source>Back to the default</source>
        <translation>기본값으로</translation>
    </message>
    <message>
        <source>The rubric of the ratings file when it has one, else the seeds&apos; rubric.</source>
        <translation>평가 파일에 루브릭이 있으면 그것을, 없으면 연구 문서의 기본 루브릭을 씁니다.</translation>
    </message>
    <message>
        <source>Abstention phrases:</source>
        <translation>답변 보류 문구:</translation>
    </message>
    <message>
        <source>Separate the phrases with &apos;;&apos;.</source>
        <translation>문구는 &apos;;&apos;로 나누세요.</translation>
    </message>
    <message>
        <source>Several raters&apos; scores:</source>
        <translation>평가자 여러 명의 점수:</translation>
    </message>
    <message>
        <source>An answer abstains when it is empty or contains one of these phrases (case and spacing ignored): appropriate on a question without relevant evidence, a false abstention otherwise.</source>
        <translation>답변이 비었거나 이 문구 중 하나를 담으면(대소문자와 띄어쓰기 무시) 답변을 보류한 것으로 봅니다. 관련 근거가 없는 질문에서는 적절한 보류, 그 밖에는 잘못된 보류입니다.</translation>
    </message>
    <message>
        <source>answerable</source>
        <translation>답변 가능</translation>
    </message>
    <message>
        <source>unanswerable</source>
        <translation>답변 불가</translation>
    </message>
    <message>
        <source>all</source>
        <translation>모두</translation>
    </message>
    <message>
        <source>Criterion</source>
        <translation>기준</translation>
    </message>
    <message>
        <source>Applies to</source>
        <translation>적용 대상</translation>
    </message>
    <message>
        <source>What it asks</source>
        <translation>무엇을 보는가</translation>
    </message>
    <message>
        <source>New criterion</source>
        <translation>새 기준</translation>
    </message>
</context>
<context>
    <name>ScatterChart</name>
    <message>
        <source>A vs B per question</source>
        <translation>질문별 A 대 B</translation>
    </message>
    <message>
        <source>{count} question(s): {ids}
{a}: {x}
{b}: {y}</source>
        <translation>질문 {count}개: {ids}
{a}: {x}
{b}: {y}</translation>
    </message>
    <message>
        <source>{b} better: {n}</source>
        <translation>{b:이} 나음: {n}</translation>
    </message>
    <message>
        <source>{a} better: {n}</source>
        <translation>{a:이} 나음: {n}</translation>
    </message>
    <message>
        <source>same: {n}</source>
        <translation>같음: {n}</translation>
    </message>
    <message>
        <source>Metric:</source>
        <translation>지표:</translation>
    </message>
    <message>
        <source>A (x):</source>
        <translation>A (x축):</translation>
    </message>
    <message>
        <source>B (y):</source>
        <translation>B (y축):</translation>
    </message>
    <message>
        <source>{metric} per question: {a} vs {b}</source>
        <translation>질문별 {metric}: {a} 대 {b}</translation>
    </message>
</context>
<context>
    <name>SettingsPanel</name>
    <message>
        <source>Evaluation settings</source>
        <translation>평가 설정</translation>
    </message>
    <message>
        <source>Cutoffs K:</source>
        <translation>기준 K:</translation>
    </message>
    <message>
        <source>e.g. 1, 3, 5, 10</source>
        <translation>예: 1, 3, 5, 10</translation>
    </message>
    <message>
        <source>How many top results each measure looks at. Type whole numbers separated by commas, e.g. 1, 3, 5, 10.</source>
        <translation>각 지표가 상위 몇 개의 결과를 볼지 정합니다. 정수를 쉼표로 구분해 입력하세요. 예: 1, 3, 5, 10.</translation>
    </message>
    <message>
        <source>Type whole numbers from 1 to 1000 separated by commas, e.g. 1, 3, 5, 10.</source>
        <translation>1부터 1000 사이의 정수를 쉼표로 구분해 입력하세요. 예: 1, 3, 5, 10.</translation>
    </message>
    <message>
        <source>Relevant from grade:</source>
        <translation>관련 인정 등급:</translation>
    </message>
    <message>
        <source>A passage counts as relevant when its grade is at least this value.</source>
        <translation>문단의 등급이 이 값 이상이면 관련 있는 문단으로 봅니다.</translation>
    </message>
    <message>
        <source>nDCG gain:</source>
        <translation>nDCG 이득:</translation>
    </message>
    <message>
        <source>How much a higher grade is worth in nDCG. Exponential (as in the study&apos;s articles) makes grade 3 worth 7 and grade 1 worth 1; linear (as trec_eval) makes grade 3 worth 3.</source>
        <translation>nDCG에서 높은 등급이 얼마나 가치 있는지 정합니다. 지수형(연구 자료와 같음)은 3등급을 7, 1등급을 1로, 선형(trec_eval과 같음)은 3등급을 3으로 계산합니다.</translation>
    </message>
    <message>
        <source>Ranking order:</source>
        <translation>순위 정렬:</translation>
    </message>
    <message>
        <source>How the results of each system are put in order before scoring.</source>
        <translation>점수를 매기기 전에 각 시스템의 결과를 어떤 순서로 놓을지 정합니다.</translation>
    </message>
    <message>
        <source>Duplicates:</source>
        <translation>중복:</translation>
    </message>
    <message>
        <source>Keeps near-duplicate chunks from filling the top of a list. &apos;Drop neighbouring chunks&apos; removes chunks within ± the window of a chunk already kept from the same document.</source>
        <translation>거의 같은 청크가 목록 위쪽을 차지하지 않게 합니다. &apos;이웃 청크 빼기&apos;는 같은 문서에서 이미 남긴 청크의 ± 범위 안에 있는 청크를 뺍니다.</translation>
    </message>
    <message>
        <source>± chunks:</source>
        <translation>± 청크:</translation>
    </message>
    <message>
        <source>How many chunks before and after a kept chunk count as neighbours.</source>
        <translation>남긴 청크의 앞뒤 몇 개까지를 이웃으로 볼지 정합니다.</translation>
    </message>
    <message>
        <source>Evaluate:</source>
        <translation>평가 단위:</translation>
    </message>
    <message>
        <source>Passages: each passage is judged on its own. Documents: a document&apos;s grade is the best grade of its passages (needs the passages sheet).</source>
        <translation>문단: 문단마다 따로 평가합니다. 문서: 문서의 등급은 그 문서 문단 중 가장 높은 등급입니다(문단 시트가 필요합니다).</translation>
    </message>
    <message>
        <source>Abstention floor:</source>
        <translation>답변 보류 기준:</translation>
    </message>
    <message>
        <source>Score at least</source>
        <translation>최저 점수</translation>
    </message>
    <message>
        <source>A system abstains on a question when it returns nothing. With a floor, it also abstains when no result scores at least this value.</source>
        <translation>시스템이 질문에 아무것도 돌려주지 않으면 답변 보류로 봅니다. 기준을 정하면 이 점수 이상인 결과가 없을 때도 보류로 봅니다.</translation>
    </message>
    <message>
        <source>Same as trec_eval</source>
        <translation>trec_eval와 같은 방식</translation>
    </message>
    <message>
        <source>Questions without relevant evidence stay in the means (scoring 0), and a negative grade in TREC qrels counts as unjudged, as trec_eval does. Off: such questions are left out of the means and shown apart.</source>
        <translation>trec_eval처럼, 관련 근거가 없는 질문도 평균에 넣고(0점) TREC qrels의 음수 등급은 미판정으로 봅니다. 끄면 그런 질문은 평균에서 빼고 따로 보여 줍니다.</translation>
    </message>
    <message>
        <source>%1 %2 or higher counts as relevant</source>
        <translation>%1 %2 이상을 관련 있음으로 봅니다</translation>
    </message>
</context>
<context>
    <name>StageDelegate</name>
    <message>
        <source>(none)</source>
        <extracomment>the system name column, then one column per card field, then where it was entered</extracomment>
        <translation>(없음)</translation>
    </message>
</context>
<context>
    <name>StandardsBox</name>
    <message>
        <source>Each assessor&apos;s standard</source>
        <extracomment>a grade cell&apos;s share of the assessor&apos;s grades (0–1), drawn as a bar a grade cell&apos;s grade, for the bar&apos;s colour pixels added under a grade cell&apos;s count for its bar pairs given a sentence and an interval line on the page (the report has them all) a new computation is shown (tests wait for it)</extracomment>
        <translation>평가자별 기준</translation>
    </message>
    <message>
        <source>Mean grade</source>
        <translation>평균 등급</translation>
    </message>
    <message>
        <source>Grade {grade}: how many of the assessor&apos;s grades, and their share.</source>
        <translation>등급 {grade}: 이 평가자가 준 등급 중 몇 개이고 비율은 얼마인지.</translation>
    </message>
    <message>
        <source>{name}: {value}, 95% interval {interval} — {reading}</source>
        <translation>{name}: {value}, 95% 구간 {interval} — {reading}</translation>
    </message>
    <message>
        <source>Weighted κ (quadratic), {a} – {b}</source>
        <translation>가중 κ(이차), {a} – {b}</translation>
    </message>
    <message>
        <source>95% intervals: the items (question, passage) resampled with replacement {replicates} times, seed {seed} (percentile bootstrap). One assessor is said to grade more generously only when the interval of the difference of their means on the items both judged leaves out 0. Each pair&apos;s confusion matrix is in “Grades side by side” above.</source>
        <translation>95% 구간: 항목(질문, 문단)을 복원추출로 {replicates}번 다시 뽑은 백분위 부트스트랩이며 시드는 {seed}입니다. 같이 평가한 항목에서 두 사람의 평균 차이 구간이 0을 포함하지 않을 때만 한 사람이 더 후하다고 말합니다. 쌍마다의 혼동 행렬은 위 “등급 나란히 보기”에 있습니다.</translation>
    </message>
    <message>
        <source>Items judged</source>
        <translation>평가한 항목 수</translation>
    </message>
    <message>
        <source>Items (question, passage) this assessor graded.</source>
        <translation>이 평가자가 등급을 준 항목(질문, 문단) 수.</translation>
    </message>
    <message>
        <source>The mean of this assessor&apos;s grades.</source>
        <translation>이 평가자가 준 등급의 평균.</translation>
    </message>
    <message>
        <source>Krippendorff&apos;s α (ordinal), all assessors</source>
        <translation>크리펜도르프 α(순서형), 전체 평가자</translation>
    </message>
    <message>
        <source>… and {n} more pairs: every pair is in the report&apos;s Agreement sheet and in workbench agreement --json.</source>
        <translation>… 그 밖의 {n}쌍: 모든 쌍은 보고서의 평가자 일치도 시트와 workbench agreement --json에 있습니다.</translation>
    </message>
</context>
<context>
    <name>StartPage</name>
    <message>
        <source>Retrieval Evaluation Workbench</source>
        <extracomment>the last rename dialog opened from this page (None: none yet)</extracomment>
        <translation>검색 평가 워크벤치</translation>
    </message>
    <message>
        <source>Compare how well search systems find the right passages. Start with your judgments file, then add the results of each system.</source>
        <translation>검색 시스템이 알맞은 문단을 얼마나 잘 찾는지 비교합니다. 먼저 평가 파일을 열고, 그다음 각 시스템의 결과를 추가하세요.</translation>
    </message>
    <message>
        <source>Open judgments file</source>
        <translation>평가 파일 열기</translation>
    </message>
    <message>
        <source>The Excel file with questions, passages and grades (0–3).</source>
        <translation>질문, 문단, 등급(0–3)이 들어 있는 엑셀 파일입니다.</translation>
    </message>
    <message>
        <source>Add system results</source>
        <translation>시스템 결과 추가</translation>
    </message>
    <message>
        <source>What each search system returned for each question, in ranked order.</source>
        <translation>각 검색 시스템이 질문마다 돌려준 결과를 순위대로 담은 파일입니다.</translation>
    </message>
    <message>
        <source>Open project</source>
        <translation>프로젝트 열기</translation>
    </message>
    <message>
        <source>Continue earlier work: files, settings, notes and grades.</source>
        <translation>이전 작업을 이어서 합니다: 파일, 설정, 메모, 등급.</translation>
    </message>
    <message>
        <source>Try the demo</source>
        <translation>데모 체험하기</translation>
    </message>
    <message>
        <source>See the workbench with example data; nothing of yours is changed.</source>
        <translation>예시 데이터로 워크벤치를 살펴봅니다. 사용자의 파일은 바뀌지 않습니다.</translation>
    </message>
    <message>
        <source>Save blank templates</source>
        <translation>빈 양식 저장</translation>
    </message>
    <message>
        <source>Empty Excel forms with the right columns, to fill in by hand.</source>
        <translation>알맞은 열이 갖춰진 빈 엑셀 양식을 저장해 직접 채울 수 있습니다.</translation>
    </message>
    <message>
        <source>Or drag Excel, CSV or TREC files from your folders and drop them here.</source>
        <translation>또는 폴더에서 엑셀, CSV, TREC 파일을 이곳으로 끌어다 놓으세요.</translation>
    </message>
    <message>
        <source>Loaded now</source>
        <translation>지금 불러온 파일</translation>
    </message>
    <message>
        <source>See the scores →</source>
        <translation>점수 보기 →</translation>
    </message>
    <message>
        <source>Recent files</source>
        <translation>최근 파일</translation>
    </message>
    <message>
        <source>Files you open will be listed here.</source>
        <translation>연 파일이 여기에 표시됩니다.</translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation>이름 바꾸기…</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>빼기</translation>
    </message>
    <message>
        <source>Judgments</source>
        <translation>평가</translation>
    </message>
    <message>
        <source>Not loaded yet.</source>
        <translation>아직 불러오지 않았습니다.</translation>
    </message>
    <message>
        <source>(no file name)</source>
        <translation>(파일 이름 없음)</translation>
    </message>
    <message>
        <source>{file}: {questions} questions, {judgments} judgments</source>
        <translation>{file}: 질문 {questions}개, 평가 {judgments}건</translation>
    </message>
    <message>
        <source>, {n} assessors</source>
        <translation>, 평가자 {n}명</translation>
    </message>
    <message>
        <source>Systems</source>
        <translation>시스템</translation>
    </message>
    <message>
        <source>No system results yet.</source>
        <translation>아직 시스템 결과가 없습니다.</translation>
    </message>
    <message>
        <source>{file} — {questions} questions</source>
        <translation>{file} — 질문 {questions}개</translation>
    </message>
</context>
<context>
    <name>SystemColumnView</name>
    <message>
        <source>This system returned nothing for this question (scored 0).</source>
        <extracomment>characters of passage text shown on a card; the tooltip has the rest lines of passage text on a card at a large font, so that two or more cards per system fit in view; the card&apos;s tooltip has the whole passage background of the selected card and of the same passage in other columns the evidence sentence (근거 문장) inside a passage: bold on a light blue band recently wrapped texts: the same passage in several columns, and going back to the previous question, reuse their layouts evidence sentence spans within ``text`` where the system&apos;s name is (its tooltip is the system card) the shown cards, in order the tooltip of the system&apos;s name (its system card), set by the page the study&apos;s evaluation manual: the chips&apos; labels and tooltips (None: the defaults) the title, scores and warning are drawn here; False when a :class:`SystemHeaderRow` above the scroll area shows them (pinned)</extracomment>
        <translation>이 시스템은 이 질문에 아무것도 돌려주지 않았습니다 (0점).</translation>
    </message>
    <message>
        <source>No passages retrieved.</source>
        <translation>검색된 문단이 없습니다.</translation>
    </message>
    <message>
        <source>Missed evidence ({0}): relevant, not in the top {1}</source>
        <translation>놓친 근거 ({0}개): 관련 있지만 상위 {1}개에 없음</translation>
    </message>
    <message>
        <source>No relevant evidence missed in the top {0}.</source>
        <translation>상위 {0}개에서 놓친 관련 근거가 없습니다.</translation>
    </message>
    <message>
        <source>Click to change the grade (keys 0–3).</source>
        <translation>클릭하면 등급을 바꿀 수 있습니다 (0–3 키).</translation>
    </message>
</context>
<context>
    <name>Systems</name>
    <message>
        <source>(no file name)</source>
        <translation>(파일 이름 없음)</translation>
    </message>
    <message>
        <source>{file} ({folder})</source>
        <translation>{file} ({folder})</translation>
    </message>
    <message>
        <source>{file}, sheet {sheet}</source>
        <translation>{file}, 시트 {sheet}</translation>
    </message>
    <message>
        <source>{name}: from {source}</source>
        <translation>{name}: {source}에서</translation>
    </message>
    <message>
        <source>Folder: {folder}</source>
        <translation>폴더: {folder}</translation>
    </message>
    <message>
        <source>Named &apos;{original}&apos; in the file; renamed by you.</source>
        <translation>파일에서의 이름: &apos;{original}&apos;. 사용자가 이름을 바꾸었습니다.</translation>
    </message>
    <message>
        <source>Named &apos;{original}&apos; in the file; another system has that name, so it is called &apos;{name}&apos; here. Rename it to choose another name.</source>
        <translation>파일에서의 이름: &apos;{original}&apos;. 같은 이름의 시스템이 이미 있어 여기서는 {name:으로} 부릅니다. 다른 이름을 쓰려면 이름을 바꾸세요.</translation>
    </message>
    <message>
        <source>Double-click or right-click to rename.</source>
        <translation>두 번 누르거나 오른쪽 단추를 누르면 이름을 바꿀 수 있습니다.</translation>
    </message>
</context>
<context>
    <name>SystemsMetricsModel</name>
    <message>
        <source>System</source>
        <extracomment>(system, measure) → (all holes not relevant, all at the top grade, holes) system → where it comes from (file, sheet, folder), shown on its name</extracomment>
        <translation>시스템</translation>
    </message>
    <message>
        <source>n</source>
        <translation>n</translation>
    </message>
    <message>
        <source>The retrieval system (sheet name, system column or run tag).</source>
        <translation>검색 시스템 (시트 이름, 시스템 열 또는 run 태그).</translation>
    </message>
    <message>
        <source>Number of answerable questions in the means; a question missing from the run counts as 0.</source>
        <translation>평균에 들어간 답변 가능한 질문 수. 시스템 결과에 빠진 질문은 0점으로 계산합니다.</translation>
    </message>
    <message>
        <source>{range} depending on {n} unjudged passages (every one not relevant, or every one at the top grade).</source>
        <translation>미평가 문단 {n}개의 판정에 따라 {range} (모두 관련 없음일 때와 모두 최고 등급일 때).</translation>
    </message>
    <message>
        <source>▲ significantly better than the baseline.</source>
        <translation>▲ 기준보다 유의하게 나음.</translation>
    </message>
    <message>
        <source>▼ significantly worse than the baseline.</source>
        <translation>▼ 기준보다 유의하게 못함.</translation>
    </message>
    <message>
        <source>Mark: %1</source>
        <translation>표시: %1</translation>
    </message>
    <message>
        <source>Best value in this column.</source>
        <translation>이 열의 최고값.</translation>
    </message>
</context>
<context>
    <name>SystemsPage</name>
    <message>
        <source>typed here</source>
        <extracomment>the stage view shows new numbers (tests wait for it)</extracomment>
        <translation>이 화면에서 입력</translation>
    </message>
    <message>
        <source>run workbook</source>
        <translation>실행 결과 파일</translation>
    </message>
    <message>
        <source>(none yet)</source>
        <translation>(아직 없음)</translation>
    </message>
    <message>
        <source>Where chunk size, overlap and unit are given, the systems agree.</source>
        <translation>청크 크기·겹침·단위가 적힌 시스템끼리는 서로 같습니다.</translation>
    </message>
    <message>
        <source>Fill in the chunk size and overlap of each system: Recall is only comparable between systems that cut the texts the same way.</source>
        <translation>시스템마다 청크 크기와 겹침을 적어 두세요. 본문을 같은 방식으로 나눈 시스템끼리만 Recall을 비교할 수 있습니다.</translation>
    </message>
    <message>
        <source>{field} must be a whole number (or empty); &apos;{value}&apos; was not kept.</source>
        <translation>{field:은} 정수여야 합니다(또는 빈칸). &apos;{value}&apos; 값은 저장하지 않았습니다.</translation>
    </message>
    <message>
        <source>(unnamed pipeline)</source>
        <translation>(이름 없는 파이프라인)</translation>
    </message>
    <message>
        <source>Each stage is read by its own measure (the blog post): candidate search by Recall@N, reranking by MRR and nDCG@K, the final context by P@K. The list shows, per question, the relevant passages in the candidates&apos; top N that the next stage&apos;s top K dropped.</source>
        <translation>글에서처럼 단계마다 그 단계의 지표로 봅니다. 후보 검색은 Recall@N, 재순위는 MRR과 nDCG@K, 최종 컨텍스트는 P@K입니다. 아래 목록은 질문마다, 후보 상위 N개에 있던 관련 근거 가운데 다음 단계의 상위 K개에서 빠진 것을 보여 줍니다.</translation>
    </message>
    <message>
        <source>To compare the stages of a pipeline, give two systems the same pipeline name and the stages candidate search and reranking in the table above, or in the run workbook&apos;s system info sheet.</source>
        <translation>파이프라인의 단계를 비교하려면 위 표(또는 실행 결과 파일의 &apos;시스템 정보&apos; 시트)에서 두 시스템에 같은 파이프라인 이름을 주고 단계를 &apos;후보 검색&apos;과 &apos;재순위&apos;로 적으세요.</translation>
    </message>
    <message>
        <source>Stage</source>
        <translation>단계</translation>
    </message>
    <message>
        <source>System</source>
        <translation>시스템</translation>
    </message>
    <message>
        <source>The measure this stage is read by.</source>
        <translation>이 단계를 평가하는 지표입니다.</translation>
    </message>
    <message>
        <source>(no type)</source>
        <translation>(유형 없음)</translation>
    </message>
    <message>
        <source>Question</source>
        <translation>질문</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>유형</translation>
    </message>
    <message>
        <source>Dropped</source>
        <translation>빠짐</translation>
    </message>
    <message>
        <source>Brought in</source>
        <translation>새로 들어옴</translation>
    </message>
    <message>
        <source>Best grade
dropped</source>
        <translation>빠진 근거의
최고 등급</translation>
    </message>
    <message>
        <source>Passages dropped</source>
        <translation>빠진 문단</translation>
    </message>
    <message>
        <source>Relevant passages in the candidates&apos; top N that are not in the next stage&apos;s top K.</source>
        <translation>후보 상위 N개에 있었지만 다음 단계의 상위 K개에는 없는 관련 문단 수입니다.</translation>
    </message>
    <message>
        <source>Relevant passages in the next stage&apos;s top K that the candidates&apos; top N did not hold (a reranker only reorders: this points at runs of different pipelines).</source>
        <translation>다음 단계의 상위 K개에 있지만 후보 상위 N개에는 없던 관련 문단 수입니다(재순위는 순서만 바꾸므로, 이 값이 있으면 서로 다른 파이프라인의 결과일 수 있습니다).</translation>
    </message>
    <message>
        <source>Passage</source>
        <translation>문단</translation>
    </message>
    <message>
        <source>Grade</source>
        <translation>등급</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>역할</translation>
    </message>
    <message>
        <source>What happened</source>
        <translation>변화</translation>
    </message>
    <message>
        <source>#{system} (top {k})</source>
        <translation>{system} 순위 (상위 {k}개)</translation>
    </message>
    <message>
        <source>dropped</source>
        <translation>빠짐</translation>
    </message>
    <message>
        <source>brought in</source>
        <translation>새로 들어옴</translation>
    </message>
    <message>
        <source>not returned</source>
        <translation>결과에 없음</translation>
    </message>
    <message>
        <source>Evidence the reranking dropped</source>
        <translation>재순위에서 빠진 근거</translation>
    </message>
    <message>
        <source>System cards</source>
        <translation>시스템 정보</translation>
    </message>
    <message>
        <source>What each system is: the facts to fix and disclose with every comparison. Double-click a cell to type; a card typed here replaces that system&apos;s row of the run workbook&apos;s system info sheet and is kept in the project (Ctrl+Z undoes). Hover over a system&apos;s name anywhere in the app to see its card.</source>
        <translation>시스템마다 비교할 때 고정하고 밝혀야 할 사실입니다. 칸을 두 번 눌러 입력하세요. 여기서 입력한 정보는 실행 결과 파일의 &apos;시스템 정보&apos; 시트에 적힌 그 시스템의 행을 대신하며 프로젝트에 저장됩니다(Ctrl+Z로 되돌리기). 앱 어디서든 시스템 이름에 마우스를 올리면 이 정보가 보입니다.</translation>
    </message>
    <message>
        <source>Entered in</source>
        <translation>입력한 곳</translation>
    </message>
    <message>
        <source>Use the run workbook&apos;s card for this system</source>
        <translation>이 시스템은 실행 결과 파일의 정보 쓰기</translation>
    </message>
    <message>
        <source>Stages of a pipeline</source>
        <translation>파이프라인 단계 비교</translation>
    </message>
    <message>
        <source>Pipeline:</source>
        <translation>파이프라인:</translation>
    </message>
    <message>
        <source>Candidates: top N =</source>
        <translation>후보: 상위 N =</translation>
    </message>
    <message>
        <source>Reranked: top K =</source>
        <translation>재순위: 상위 K =</translation>
    </message>
    <message>
        <source>How deep the candidate stage is read (the blog post&apos;s Recall@20).</source>
        <translation>후보 검색 단계를 몇 위까지 볼지입니다(글의 Recall@20).</translation>
    </message>
    <message>
        <source>How many passages the later stages pass on (the blog post&apos;s NDCG@5, P@5).</source>
        <translation>다음 단계가 넘기는 문단 수입니다(글의 NDCG@5, P@5).</translation>
    </message>
    <message>
        <source>Open the questions with dropped evidence</source>
        <translation>근거가 빠진 질문 열기</translation>
    </message>
    <message>
        <source>Systems</source>
        <translation>시스템</translation>
    </message>
</context>
</TS>
