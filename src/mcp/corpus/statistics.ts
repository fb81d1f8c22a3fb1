/**
 * One corpus document per statistic of /api/v1/contingency: definition (METHODS.md
 * "Statistics", "2x2 tables", "Residuals"), the conventions chosen, the published reference,
 * and how the value relates to what R and scipy report for the same table.
 */
import { statisticDocument, type CorpusDocument } from './document.js';

const AGRESTI = 'Agresti A (2013) Categorical Data Analysis, 3rd ed., Wiley';
const GOODMAN_KRUSKAL = 'Goodman LA, Kruskal WH (1954) Measures of association for cross classifications, Journal of the American Statistical Association 49:732-764';

const PAIRS =
  'P (concordant pairs) = sum over i < i\', j < j\' of n_ij n_i\'j\' and Q (discordant pairs) = sum over i < i\', j > j\' of n_ij n_i\'j\', ' +
  'counted exactly as integers in the order the rows and columns are given';

export const STATISTIC_DOCUMENTS: readonly CorpusDocument[] = [
  statisticDocument({
    id: 'chi-square',
    title: 'Pearson chi-square test of independence',
    anchor: 'stat-chi-square',
    fields: ['chiSquare.chiSquare', 'chiSquare.degreesOfFreedom', 'chiSquare.pValue'],
    definition:
      'X2 = sum over all cells of (n_ij - E_ij)^2 / E_ij, with expected counts E_ij = a_i b_j / N (a_i row sums, b_j column sums, N the grand total). ' +
      'Degrees of freedom (r - 1)(c - 1). The p-value is the upper tail of the chi-square distribution, Q(df/2, X2/2) (the regularized upper incomplete gamma function), ' +
      'computed directly rather than as 1 - cdf, so it stays accurate in relative terms down to about 1e-300 and underflows to 0 only below that.',
    conventions:
      'No continuity correction on this field (the Yates-corrected value is chiSquareYates). Each deviation n_ij - E_ij is formed from the exact integer N n_ij - a_i b_j, ' +
      'so tables close to independence with counts near 1e11 keep their digits. The approximation is doubtful with small expected counts: read expected.cellsBelow5 and the warning.',
    software:
      'Same statistic and p-value as R chisq.test(x, correct = FALSE) and scipy.stats.chi2_contingency(x, correction=False). ' +
      'Both default to Yates\' correction on 2x2 tables (R correct = TRUE; scipy correction=True whenever the degrees of freedom are 1), so compare their defaults with chiSquareYates. ' +
      'scipy.stats.chi2_contingency also returns the expected frequencies.',
    references: ['Pearson K (1900) On the criterion that a given system of deviations from the probable in the case of a correlated system of variables is such that it can be reasonably supposed to have arisen from random sampling, Philosophical Magazine, Series 5, 50:157-175', AGRESTI],
    keywords: ['pearson', 'chisq', 'independence', 'test', 'p-value', 'degrees', 'freedom', 'chi2_contingency', 'chisq.test'],
  }),
  statisticDocument({
    id: 'yates-correction',
    title: 'Chi-square with Yates continuity correction (2x2)',
    anchor: 'stat-yates',
    fields: ['chiSquareYates.chiSquare', 'chiSquareYates.degreesOfFreedom', 'chiSquareYates.pValue'],
    definition:
      'For 2x2 tables only (null otherwise): sum over cells of (|n_ij - E_ij| - min(0.5, |n_ij - E_ij|))^2 / E_ij with 1 degree of freedom. ' +
      'For [[a, b], [c, d]] with row sums a1, a2 and column sums b1, b2 this equals N max(0, |ad - bc| - N/2)^2 / (a1 a2 b1 b2), and that closed form is what the service evaluates.',
    conventions:
      'When |ad - bc| <= N/2 the corrected statistic is exactly 0 and the p-value exactly 1. The correction makes the test conservative; for an exact answer on a 2x2 table use fishersExact.',
    software:
      'Equals R chisq.test(x) with its default correct = TRUE on a 2x2 table, and scipy.stats.chi2_contingency(x) with its default correction=True (scipy moves each observed count by min(0.5, |deviation|) towards its expected count, the same rule). ' +
      'Where the deviation is below 0.5 and an expected count is huge, R\'s floating-point expected counts can leave a tiny non-zero statistic (a p-value such as 0.99963 instead of 1); the closed form here does not.',
    references: ['Yates F (1934) Contingency tables involving small numbers and the chi-square test, Supplement to the Journal of the Royal Statistical Society 1:217-235'],
    keywords: ['yates', 'continuity', 'correction', 'corrected', '2x2', 'correct'],
  }),
  statisticDocument({
    id: 'g-test',
    title: 'G-test (likelihood-ratio chi-square)',
    anchor: 'stat-g-test',
    fields: ['gTest.gStatistic', 'gTest.degreesOfFreedom', 'gTest.pValue'],
    definition:
      'G = 2 sum over cells of n_ij ln(n_ij / E_ij), with 0 ln 0 = 0; degrees of freedom (r - 1)(c - 1); p-value from the chi-square upper tail as for X2.',
    conventions:
      'No Williams correction and no continuity correction. Each term is computed as E((1 + t) ln(1 + t) - t) with t = (N n_ij - a_i b_j) / (a_i b_j) from the exact integer numerator ' +
      '(a series for small |t|), so G stays non-negative and accurate near independence, where the naive sum of n ln(n/E) loses most digits and can even turn negative for large N.',
    software:
      'scipy.stats.chi2_contingency(x, correction=False, lambda_="log-likelihood") gives the same statistic; keep correction=False, otherwise scipy first applies the Yates adjustment to 2x2 counts. ' +
      'In R, DescTools::GTest(x, correct = "none") computes it (correct = "williams" applies Williams\' correction, which this service does not); MASS::loglm(~ 1 + 2, data = x), the independence model of a two-way table, reports the same likelihood-ratio statistic. ' +
      'Near independence with large counts, those implementations sum n ln(n/E) directly and can differ from this value in the leading digits.',
    references: ['Wilks SS (1938) The large-sample distribution of the likelihood ratio for testing composite hypotheses, Annals of Mathematical Statistics 9:60-62', 'Williams DA (1976) Improved likelihood ratio tests for complete contingency tables, Biometrika 63:33-37', AGRESTI],
    keywords: ['likelihood', 'ratio', 'log-likelihood', 'deviance', 'g2', 'williams', 'gtest'],
  }),
  statisticDocument({
    id: 'fishers-exact',
    title: "Fisher's exact test (two-sided Fisher-Irwin) with conditional odds ratio",
    anchor: 'stat-fisher',
    fields: ['fishersExact.pValue', 'fishersExact.oddsRatio', 'fishersExact.oddsRatioState', 'fishersExact.oddsRatioCI', 'fishersExact.oddsRatioCIStates', 'fishersExactUnavailableReason'],
    definition:
      'For a 2x2 table [[a, b], [c, d]] with both margins fixed, the first cell ranges over lo = max(0, (a + b) + (a + c) - N) to hi = min(a + b, a + c) with hypergeometric probabilities. ' +
      'The two-sided p-value is the sum of the probabilities of every table whose probability is at most P(observed) x (1 + 1e-7), capped at 1. ' +
      'oddsRatio is the conditional maximum-likelihood estimate: the psi at which the mean of Fisher\'s noncentral hypergeometric distribution equals a (0 when a = lo; null with state positive_infinity when a = hi). ' +
      'oddsRatioCI is the exact conditional 95% interval: lower = root of P(X >= a; psi) = 0.025 (0 when a = lo), upper = root of P(X <= a; psi) = 0.025 (null with state positive_infinity when a = hi).',
    conventions:
      'Only for 2x2 tables; larger tables give fishersExact null with reason not_2x2 (an HTTP 200, not an error). The support has hi - lo + 1 tables; above 100000 the exact result is not computed ' +
      '(reason workload_limit; on /api/v1/fishers-exact a 422 with code fisher_workload_limit). The caller can skip the test with "exact": false (reason disabled_by_caller). ' +
      'The estimate and interval are solved to about 1e-10 relative.',
    software:
      'The p-value follows R fisher.test, whose relative tie tolerance is 1e-7; scipy.stats.fisher_exact uses a tighter tolerance (1e-14) and can differ on near ties, tables whose probability equals the observed one up to rounding. ' +
      'The estimate and interval are R fisher.test\'s $estimate and $conf.int definitions, but R\'s root finder is good to only about 1e-4 relative and fails for odds ratios beyond about 1e4, so differences from R in the fifth digit are R\'s. ' +
      'scipy.stats.fisher_exact returns the sample odds ratio ad/bc, not this conditional estimate; scipy.stats.contingency.odds_ratio(table, kind="conditional") gives the conditional one.',
    references: [
      'Fisher RA (1935) The logic of inductive inference, Journal of the Royal Statistical Society 98:39-82',
      'Irwin JO (1935) Tests of significance for differences between percentages based on small numbers, Metron 12:83-94',
      'Agresti A (1992) A survey of exact inference for contingency tables, Statistical Science 7:131-153',
    ],
    keywords: ['fisher', 'exact', 'irwin', 'hypergeometric', 'two-sided', 'conditional', 'mle', 'cmle', 'tie', 'tolerance', 'fisher.test', 'fisher_exact', 'workload'],
  }),
  statisticDocument({
    id: 'odds-ratio',
    title: 'Sample odds ratio with Woolf (logit) 95% interval',
    anchor: 'stat-odds-ratio',
    fields: ['oddsRatio.value', 'oddsRatio.valueState', 'oddsRatio.ci95', 'oddsRatio.ci95States', 'oddsRatio.method', 'fishersExactP'],
    definition:
      'For [[a, b], [c, d]]: value = ad / bc, the sample (unconditional) odds ratio; 0 when ad = 0; null with state positive_infinity when bc = 0. ' +
      'ci95 = exp(ln(ad/bc) -/+ z sqrt(1/a + 1/b + 1/c + 1/d)) with z = 1.959963984540054 (Woolf\'s logit interval).',
    conventions:
      'Only for 2x2 tables (null otherwise). With any zero cell the interval is [0, null] with states [finite, positive_infinity] and the note says why; no 0.5 (Haldane-Anscombe) correction is added, ' +
      'so packages that add 0.5 to zero cells report finite values where this service reports 0 or +infinity. /api/v1/odds-ratio also returns fishersExactP, the two-sided Fisher p-value. ' +
      'On /api/v1/contingency the same object is the additive field oddsRatio; the conditional estimate is fishersExact.oddsRatio.',
    software:
      'scipy.stats.fisher_exact(table) returns this sample odds ratio as its statistic, and scipy.stats.contingency.odds_ratio(table, kind="sample") gives it as well. ' +
      'R fisher.test reports the conditional maximum-likelihood estimate instead, which differs from ad/bc (most for small counts).',
    references: ['Woolf B (1955) On estimating the relation between blood group and disease, Annals of Human Genetics 19:251-253', AGRESTI],
    keywords: ['odds', 'ratio', 'woolf', 'logit', 'wald', 'interval', 'confidence', 'ci', 'sample', 'zero', 'cell', 'haldane'],
  }),
  statisticDocument({
    id: 'cramers-v',
    title: "Cramér's V with effect-size label",
    anchor: 'stat-cramers-v',
    fields: ['cramersV.value', 'cramersV.label'],
    definition:
      'V = sqrt(X2 / (N (m - 1))) with m = min(r, c), from the uncorrected Pearson X2; 0..1. ' +
      'label: Cohen\'s (1988) thresholds 0.1, 0.3 and 0.5 scaled by sqrt(k), k = m - 1: negligible below 0.1/sqrt(k), small below 0.3/sqrt(k), medium below 0.5/sqrt(k), large otherwise.',
    conventions:
      'No bias correction. The label is decided exactly (k V^2 = X2/N compared with 1/100, 9/100 and 1/4), and a value exactly on a threshold gets the higher label: [[3, 1], [1, 3]] has V = 0.5 and is large. ' +
      'The labels are conventions for describing effect size, not tests.',
    software:
      'scipy.stats.contingency.association(x, method="cramer") (its correction defaults to False) and R DescTools::CramerV(x) (no bias correction by default) give the same value, as does vcd::assocstats. ' +
      'Neither attaches Cohen labels.',
    references: ['Cramér H (1946) Mathematical Methods of Statistics, Princeton University Press', 'Cohen J (1988) Statistical Power Analysis for the Behavioral Sciences, 2nd ed., Lawrence Erlbaum'],
    keywords: ['cramer', 'cramers', 'v', 'effect', 'size', 'cohen', 'negligible', 'small', 'medium', 'large', 'association'],
  }),
  statisticDocument({
    id: 'phi',
    title: 'Phi coefficient (signed, 2x2)',
    anchor: 'stat-phi',
    fields: ['phi'],
    definition:
      'For [[a, b], [c, d]] with row sums a1, a2 and column sums b1, b2: phi = (ad - bc) / sqrt(a1 a2 b1 b2), the Pearson correlation of the two binary variables; -1..1. ' +
      'phi^2 = X2 / N, and |phi| equals Cramér\'s V for a 2x2 table.',
    conventions: 'Signed: positive when the diagonal cells a and d are over-represented. Only for 2x2 tables (null otherwise).',
    software: 'Several packages report the unsigned value sqrt(X2 / N) (vcd::assocstats, DescTools::Phi); psych::phi keeps the sign, as does the Pearson correlation of the two 0/1 variables.',
    references: ['Yule GU (1912) On the methods of measuring association between two attributes, Journal of the Royal Statistical Society 75:579-652', 'Cramér H (1946) Mathematical Methods of Statistics, Princeton University Press'],
    keywords: ['phi', 'correlation', 'binary', '2x2', 'signed', 'matthews'],
  }),
  statisticDocument({
    id: 'contingency-coefficient',
    title: "Pearson's contingency coefficient",
    anchor: 'stat-contingency-coefficient',
    fields: ['contingencyCoefficient'],
    definition: 'C = sqrt(X2 / (X2 + N)) from the uncorrected Pearson X2.',
    conventions: 'Uncorrected: its maximum is below 1 (sqrt((m - 1)/m) for an m x m table), so compare it only between tables of the same size; Cramér\'s V is the size-free alternative.',
    software: 'scipy.stats.contingency.association(x, method="pearson") and R DescTools::ContCoef(x) (without its correction) give the same value; vcd::assocstats prints it as "Contingency Coeff.".',
    references: ['Pearson K (1904) On the theory of contingency and its relation to association and normal correlation, Drapers\' Company Research Memoirs, Biometric Series I'],
    keywords: ['contingency', 'coefficient', 'pearson', 'c'],
  }),
  statisticDocument({
    id: 'lambda',
    title: 'Goodman and Kruskal lambda',
    anchor: 'stat-lambda',
    fields: ['lambda.symmetric', 'lambda.rowDependent', 'lambda.colDependent'],
    definition:
      'Proportional reduction in error when predicting the modal category of one variable from the other. ' +
      'rowDependent (the row variable predicted from the column): (sum_j max_i n_ij - max_i a_i) / (N - max_i a_i). ' +
      'colDependent: (sum_i max_j n_ij - max_j b_j) / (N - max_j b_j). ' +
      'symmetric: (sum_j max_i n_ij + sum_i max_j n_ij - max a - max b) / (2N - max a - max b). Values 0..1.',
    conventions: 'Nominal: the order of rows and columns does not matter. rowDependent is 0 whenever one row holds the largest count of every column (colDependent likewise with columns), even when the variables are associated.',
    software: 'R DescTools::Lambda(x, direction = "symmetric" | "row" | "column") and SPSS CROSSTABS report the same three values; check which variable a package calls dependent before comparing. scipy has no lambda.',
    references: [GOODMAN_KRUSKAL],
    keywords: ['lambda', 'goodman', 'kruskal', 'prediction', 'error', 'nominal', 'dependent', 'pre'],
  }),
  statisticDocument({
    id: 'gamma',
    title: 'Goodman and Kruskal gamma',
    anchor: 'stat-gamma',
    fields: ['gamma'],
    definition: `gamma = (P - Q) / (P + Q), where ${PAIRS}. Range -1..1.`,
    conventions: 'Ordinal: reversing the order of the rows or of the columns flips the sign. Tied pairs are ignored, so |gamma| >= |tau-b|.',
    software: 'R DescTools::GoodmanKruskalGamma(x) gives the same value; scipy has no gamma.',
    references: [GOODMAN_KRUSKAL],
    keywords: ['gamma', 'goodman', 'kruskal', 'ordinal', 'concordant', 'discordant', 'pairs'],
  }),
  statisticDocument({
    id: 'kendall-tau',
    title: "Kendall's tau-b and Stuart's tau-c",
    anchor: 'stat-kendall-tau',
    fields: ['kendallTau.tauB', 'kendallTau.tauC'],
    definition:
      `tauB = (P - Q) / sqrt(D_R D_C), with D_R = (N^2 - sum a_i^2) / 2 and D_C = (N^2 - sum b_j^2) / 2 the pairs untied on rows and on columns; ` +
      `tauC (Stuart) = 2m (P - Q) / (N^2 (m - 1)) with m = min(r, c); ${PAIRS}. Range -1..1.`,
    conventions: 'Ordinal: the given row and column order is the ranking. tau-b can reach -1 or 1 only for square tables; tau-c adjusts for rectangular ones.',
    software:
      'scipy.stats.kendalltau(x, y, variant="b" or "c") on the table expanded to one (row, column) pair per count gives the same values; R cor(x, y, method = "kendall") on the expanded data gives tau-b; ' +
      'R DescTools::KendallTauB(x) and DescTools::StuartTauC(x) work on the table directly.',
    references: ['Kendall MG (1945) The treatment of ties in ranking problems, Biometrika 33:239-251', 'Stuart A (1953) The estimation and comparison of strengths of association in contingency tables, Biometrika 40:105-110'],
    keywords: ['kendall', 'tau', 'tau-b', 'tau-c', 'taub', 'tauc', 'stuart', 'ordinal', 'rank', 'correlation', 'kendalltau'],
  }),
  statisticDocument({
    id: 'somers-d',
    title: "Somers' d",
    anchor: 'stat-somers-d',
    fields: ['somersD.symmetric', 'somersD.rowDependent', 'somersD.colDependent'],
    definition:
      'With P, Q, D_R and D_C as for Kendall\'s tau: rowDependent (the row variable dependent) = (P - Q) / D_C; colDependent (the column variable dependent) = (P - Q) / D_R; ' +
      'symmetric = (P - Q) / ((D_R + D_C) / 2). Range -1..1.',
    conventions: 'Ordinal and asymmetric: only pairs tied on the dependent variable count in the denominator.',
    software:
      'scipy.stats.somersd(table) treats the rows as the independent variable X and returns D(Y|X) = (P - Q) / D_R, which is colDependent here (transpose the table for rowDependent). ' +
      'R DescTools::SomersDelta(x, direction = ...) gives both asymmetric values; check its direction argument against the definitions above.',
    references: ['Somers RH (1962) A new asymmetric measure of association for ordinal variables, American Sociological Review 27:799-811'],
    keywords: ['somers', 'somersd', 'asymmetric', 'ordinal', 'dependent', 'delta'],
  }),
  statisticDocument({
    id: 'theils-u',
    title: "Theil's U (uncertainty coefficient)",
    anchor: 'stat-theils-u',
    fields: ['theilsU.symmetric', 'theilsU.rowGivenCol', 'theilsU.colGivenRow'],
    definition:
      'With the entropies H(R) = -sum (a_i/N) ln(a_i/N) and H(C) = -sum (b_j/N) ln(b_j/N) and the mutual information I = G / (2N): ' +
      'rowGivenCol = U(R|C) = I / H(R), colGivenRow = U(C|R) = I / H(C), symmetric = 2I / (H(R) + H(C)). Range 0..1.',
    conventions: 'Nominal. I comes from the accurately computed G statistic, so small values stay accurate where H(R) + H(C) - H(R, C) would cancel.',
    software: 'R DescTools::UncertCoef(x, direction = "symmetric" | "row" | "column") gives the same three values; scipy has no direct function (scipy.stats.entropy gives the pieces).',
    references: ['Theil H (1970) On the estimation of relationships involving qualitative variables, American Journal of Sociology 76:103-154'],
    keywords: ['theil', 'theils', 'u', 'uncertainty', 'coefficient', 'entropy', 'mutual', 'information', 'nominal'],
  }),
  statisticDocument({
    id: 'expected-counts',
    title: 'Expected counts and the low-expected-count warning',
    anchor: 'stat-expected',
    fields: ['expected.counts', 'expected.min', 'expected.cellsBelow5', 'totals.row', 'totals.col', 'warning'],
    definition:
      'expected.counts[i][j] = a_i b_j / N, the counts expected under independence with both margins fixed; expected.min is the smallest; expected.cellsBelow5 counts cells with an expected count below 5, decided exactly as a_i b_j < 5N. ' +
      'totals.row and totals.col are the margins a_i and b_j.',
    conventions:
      'The warning (on /api/v1/chi-square) is null when no expected count is below 5; otherwise it says how many of the cells are below 5 and gives the minimum, warns that the chi-square approximation may be unreliable and, for 2x2 tables, points at the exact test.',
    software:
      'R chisq.test(x)$expected and scipy.stats.contingency.expected_freq(x) give the same matrix. R warns "Chi-squared approximation may be incorrect" under the same condition (any expected count below 5). ' +
      'Cochran\'s rule of thumb is looser: no expected count below 1 and at most 20% below 5.',
    references: ['Cochran WG (1954) Some methods for strengthening the common chi-square tests, Biometrics 10:417-451'],
    keywords: ['expected', 'counts', 'frequencies', 'margins', 'totals', 'warning', 'below', 'five', 'cochran', 'small', 'sparse'],
  }),
  statisticDocument({
    id: 'residuals',
    title: 'Pearson and adjusted (Haberman) residuals',
    anchor: 'stat-residuals',
    fields: ['residuals.pearson', 'residuals.adjusted'],
    definition:
      'pearson[i][j] = (n_ij - E_ij) / sqrt(E_ij), whose squares sum to X2. adjusted[i][j] = (n_ij - E_ij) / sqrt(E_ij (1 - a_i/N)(1 - b_j/N)), Haberman\'s adjusted standardized residual, ' +
      'approximately standard normal under independence.',
    conventions:
      '|adjusted| > 1.96 marks a cell that departs from independence at the 5% level before any multiplicity correction; with many cells some exceed it by chance, and a Bonferroni-style threshold is stricter. ' +
      'Deviations are formed exactly. An additive field of /api/v1/contingency; the MCP tool render_crosstab draws the adjusted residuals as a heatmap.',
    software: 'R chisq.test(x)$residuals (Pearson) and chisq.test(x)$stdres (adjusted) give the same matrices; scipy has no residual function.',
    references: ['Haberman SJ (1973) The analysis of residuals in cross-classified tables, Biometrics 29:205-220', AGRESTI],
    keywords: ['residuals', 'residual', 'adjusted', 'standardized', 'stdres', 'haberman', 'pearson', 'heatmap', 'cell', 'deviation'],
  }),
];
