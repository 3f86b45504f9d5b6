import { PageHeading } from '../../components/page-heading';

/** Upload a draft document with optional instructions. Screen content is built by the feature's owner; this is the routed placeholder. */
export function UploadDocumentsPage() {
  return <PageHeading title="Upload Documents" />;
}
