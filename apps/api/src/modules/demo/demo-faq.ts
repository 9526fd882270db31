import type { FaqQuestionBody, FaqTopicBody } from '@rozmova/contracts';

type DemoQuestion = Omit<FaqQuestionBody, 'topicId'>;
const q = (position: number, question: DemoQuestion['question'], answer: DemoQuestion['answer']): DemoQuestion => ({
  question,
  answer,
  position,
  isPublished: true,
});
const topic = (position: number, uk: string, en: string): FaqTopicBody => ({ title: { uk, en }, position, isPublished: true });

/** A small FAQ of our own for a fresh development database. */
export const demoFaq: { topic: FaqTopicBody; questions: DemoQuestion[] }[] = [
  {
    topic: topic(0, 'Запис і консультації', 'Booking and consultations'),
    questions: [
      q(
        0,
        { uk: 'Як записатися на консультацію?', en: 'How do I book a consultation?' },
        {
          uk: 'Оберіть спеціаліста на сторінці «Наші спеціалісти», потім зручний день і час. Після підтвердження запис з’явиться у вашому кабінеті, а ми надішлемо нагадування.',
          en: 'Choose a specialist on the "Our specialists" page, then a day and time that suit you. Once confirmed, the booking appears in your account and we send you a reminder.',
        },
      ),
      q(
        1,
        { uk: 'Чи можна перенести або скасувати запис?', en: 'Can I move or cancel a booking?' },
        {
          uk: 'Так, у кабінеті, не пізніше ніж за 2 години до початку. Пізніше напишіть у підтримку — оператор допоможе.',
          en: 'Yes, in your account, up to 2 hours before the start. Later than that, write to support and an operator will help.',
        },
      ),
      q(
        2,
        { uk: 'Скільки триває консультація?', en: 'How long is a consultation?' },
        {
          uk: 'Зазвичай 50 хвилин. Точна тривалість вказана в профілі спеціаліста.',
          en: 'Usually 50 minutes. The exact length is shown on the specialist’s profile.',
        },
      ),
    ],
  },
  {
    topic: topic(1, 'Оплата', 'Payment'),
    questions: [
      q(
        0,
        { uk: 'Як оплатити консультацію?', en: 'How do I pay for a consultation?' },
        {
          uk: 'Карткою онлайн одразу після вибору часу. Час тримається за вами, поки триває оплата.',
          en: 'By card online right after choosing the time. The time is held for you while you pay.',
        },
      ),
      q(
        1,
        { uk: 'Чи повертаються гроші при скасуванні?', en: 'Do I get my money back if I cancel?' },
        {
          uk: 'Так, якщо ви скасували вчасно або консультацію скасував спеціаліст. Повернення приходить на ту саму картку.',
          en: 'Yes, if you cancelled in time or the specialist cancelled. The refund goes back to the same card.',
        },
      ),
      q(
        2,
        { uk: 'Що таке безкоштовні консультації?', en: 'What are free consultations?' },
        {
          uk: 'Деякі пацієнти мають безкоштовні консультації від партнерських програм. Якщо вони у вас є, кабінет покаже їх кількість.',
          en: 'Some patients have free consultations from partner programmes. If you have any, your account shows how many.',
        },
      ),
    ],
  },
  {
    topic: topic(2, 'Відеозв’язок', 'Video calls'),
    questions: [
      q(
        0,
        { uk: 'Що потрібно для відеоконсультації?', en: 'What do I need for a video consultation?' },
        {
          uk: 'Сучасний браузер, камера, мікрофон і стабільний інтернет. Перед входом сторінка перевірить пристрої.',
          en: 'A modern browser, a camera, a microphone and a stable connection. The page checks your devices before you join.',
        },
      ),
      q(
        1,
        { uk: 'Мене не чути або не видно. Що робити?', en: 'The other side cannot hear or see me. What should I do?' },
        {
          uk: 'Дозвольте браузеру доступ до камери й мікрофона, закрийте інші програми, що їх використовують, і перезайдіть у кімнату. Якщо не допомогло — повідомте про проблему просто з дзвінка.',
          en: 'Allow the browser to use the camera and microphone, close other apps that use them and rejoin the room. If that does not help, report the problem from the call itself.',
        },
      ),
      q(
        2,
        { uk: 'Чи записується консультація?', en: 'Is the consultation recorded?' },
        {
          uk: 'Ні. Відео й звук ідуть напряму між вами та спеціалістом і ніде не зберігаються.',
          en: 'No. Video and sound go directly between you and the specialist and are not stored anywhere.',
        },
      ),
    ],
  },
  {
    topic: topic(3, 'Обліковий запис і конфіденційність', 'Account and privacy'),
    questions: [
      q(
        0,
        { uk: 'Як відновити пароль?', en: 'How do I recover my password?' },
        {
          uk: 'На сторінці входу натисніть «Забули пароль?» і введіть e-mail. Ми надішлемо код для нового пароля.',
          en: 'On the sign-in page choose "Forgot password?" and enter your e-mail. We send a code to set a new password.',
        },
      ),
      q(
        1,
        { uk: 'Хто бачить мої дані?', en: 'Who can see my data?' },
        {
          uk: 'Лише ваші спеціалісти та оператори підтримки, коли допомагають вам. Кожен такий перегляд записується, і ви можете побачити цей журнал.',
          en: 'Only your specialists and support operators while helping you. Every such view is logged, and you can see that log.',
        },
      ),
      q(
        2,
        { uk: 'Як видалити обліковий запис?', en: 'How do I delete my account?' },
        {
          uk: 'У профілі оберіть «Видалити обліковий запис» і підтвердіть паролем. Майбутні записи буде скасовано.',
          en: 'In your profile choose "Delete account" and confirm with your password. Future bookings are cancelled.',
        },
      ),
    ],
  },
];
