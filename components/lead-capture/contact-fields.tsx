import { BoundTextField, EmailField } from "@/components/ui/text-field";
import { EMAIL_MAX, NAME_MAX, type Contact } from "@/lib/leads/shared/contact-rules";

// They stop where the server would refuse.

type Props = Contact & { onName: (name: string) => void; onEmail: (email: string) => void };

export function ContactFields({ name, email, onName, onEmail }: Props) {
  return (
    <>
      <BoundTextField
        label="Your name"
        name="name"
        type="text"
        autoComplete="name"
        maxLength={NAME_MAX}
        value={name}
        onValue={onName}
      />
      <EmailField
        label="Your email"
        name="email"
        inputMode="email"
        maxLength={EMAIL_MAX}
        value={email}
        onValue={onEmail}
      />
    </>
  );
}
