/** The server's errorMessage under a form; several rules arrive as lines joined by '\n'. */
export function FormError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <div className="form-error" role="alert">
      {message.split('\n').map((line, index) => (
        <p key={index}>{line}</p>
      ))}
    </div>
  );
}

export function FormSuccess({ message }: { message: string }) {
  return (
    <p className="form-success" role="status">
      {message}
    </p>
  );
}
