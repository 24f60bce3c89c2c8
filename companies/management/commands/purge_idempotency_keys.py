from companies.management.commands import purge_old_records


class Command(purge_old_records.Command):
    help = (
        "The former name of purge_old_records, which now also purges old webhook events. "
        + purge_old_records.Command.help
    )
