export function SubmitButton({ label, pending }: { label: string; pending: boolean }) {
  return (
    <button type="submit" className="auth-submit" disabled={pending} aria-busy={pending || undefined}>
      {label}
    </button>
  );
}
