/**
 * The checked-in release contract behind `trustReadiness` in /api/health (service description
 * "HealthReport"). It records which external evidence of trustworthiness exists for this
 * release; it is edited by hand when evidence is recorded, never at run time. Pending evidence
 * never makes the runtime status degraded.
 */

export interface PendingEvidence {
  id: string;
  name: string;
  detail: string;
}

export interface ReleaseContract {
  status: 'pending' | 'evidence_recorded';
  affectsOperationalStatus: false;
  basis: 'checked-in-release-contract';
  contractUpdatedAt: string;
  pendingEvidence: readonly PendingEvidence[];
  limitations: readonly string[];
}

export const RELEASE_CONTRACT: ReleaseContract = {
  status: 'pending',
  affectsOperationalStatus: false,
  basis: 'checked-in-release-contract',
  contractUpdatedAt: '2026-11-21',
  pendingEvidence: [
    {
      id: 'independent_accuracy_review',
      name: 'Independent third-party accuracy review',
      detail:
        'The statistics are tested against a reference corpus that this project computed itself (exact rational and 50-digit arithmetic, cross-checked against R where R is reliable). No independent third party has reviewed the implementation or the corpus yet.',
    },
    {
      id: 'build_provenance_attestation',
      name: 'Attested build provenance',
      detail:
        'Releases are not signed and carry no build attestation; the build block of this report repeats metadata set by the deployer and cannot prove which source the running code was built from.',
    },
    {
      id: 'external_security_review',
      name: 'External security review',
      detail:
        'Request limits (body size, rate limit, timeouts, bounded worker queue) are covered by the project test suite only; no external security assessment has been made.',
    },
    {
      id: 'published_availability_record',
      name: 'Published availability record',
      detail: 'No uptime or latency history has been published for any hosted instance of this service.',
    },
  ],
  limitations: [
    'This block states what the checked-in release contract records; the service does not verify that evidence at run time.',
    'Trust readiness is separate from runtime health: pending evidence does not change the operational status.',
  ],
};
