# Every date and time the admin shows: its lists, its pages, its timelines (config/formats).
DATETIME_FORMAT = "Y-m-d H:i"
SHORT_DATETIME_FORMAT = DATETIME_FORMAT
DATE_FORMAT = "Y-m-d"
SHORT_DATE_FORMAT = DATE_FORMAT
TIME_FORMAT = "H:i"
