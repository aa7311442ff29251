import { TextField } from "@/components/ui/text-field";
import { EMAIL_MAX, NAME_MAX, type Contact } from "@/lib/leads/shared/contact-rules";

// They stop where the server would refuse.

type Props = Contact & { onName: (name: string) => void; onEmail: (email: string) => void };

export function ContactFields({ name, email, onName, onEmail }: Props) {
  return (
    <>
      <TextField
        label="Your name"
        name="name"
        type="text"
        autoComplete="name"
        required
        maxLength={NAME_MAX}
        value={name}
        onChange={(e) => onName(e.target.value)}
      />
      <TextField
        label="Your email"
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        maxLength={EMAIL_MAX}
        value={email}
        onChange={(e) => onEmail(e.target.value)}
      />
    </>
  );
}
