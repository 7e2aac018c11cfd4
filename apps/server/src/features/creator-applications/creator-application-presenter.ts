import type { CreatorApplication, ReviewedApplication, WaitingApplication } from '@crate/contract/creator-application';
import type { ApplicationRow, DemoRow } from './creator-application-repository.ts';

export function presentApplication(row: ApplicationRow, demos: readonly DemoRow[]): CreatorApplication {
  return {
    id: row.id,
    status: row.status,
    artist_name: row.artistName,
    bio: row.bio,
    links: row.links,
    genres: row.genres,
    demos: demos.map((d) => ({ id: d.id, name: d.name, duration_ms: d.durationMs })),
    review_note: row.reviewNote,
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function presentReviewedApplication(
  row: ApplicationRow,
  demos: readonly DemoRow[],
  applicant: { id: string; email: string; name: string },
  creatorSlug: string | null,
): ReviewedApplication {
  return {
    ...presentApplication(row, demos),
    applicant: { id: applicant.id, email: applicant.email, display_name: applicant.name || applicant.email },
    creator_slug: creatorSlug,
  };
}

export function presentWaiting(row: ApplicationRow & { applicantEmail: string }): WaitingApplication {
  return {
    id: row.id,
    artist_name: row.artistName,
    applicant_email: row.applicantEmail,
    genres: row.genres,
    demo_count: row.demoFileIds.length,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
