from companies.services import api_client_create
from config.kernel.commands import WritingCommand, refusals_as_command_errors


class Command(WritingCommand):
    help = "Create an API client and print its new key, alone on the last line of output."

    def add_arguments(self, parser):
        parser.add_argument("name", help="The client's name, unique, e.g. the calling system's.")

    def handle(self, *args, name: str, **options):
        with refusals_as_command_errors():
            client, raw_key = api_client_create(name=name)
        self.stdout.write(f"Created API client {client.name} ({client.id}). Its key, shown once:")
        self.stdout.write(raw_key)
